// react-dropzone's `accept` is keyed by MIME type, each with its extensions; our contracts keep the
// extensions, each with the types browsers report for it. Both are needed: while a file is dragged
// the browser shows only its type, and once dropped a name outside the list is refused.
export function dropAccept(typesByExtension: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const [extension, types] of Object.entries(typesByExtension)) {
    for (const type of types) {
      const extensions = (accept[type] ??= []);
      if (!extensions.includes(`.${extension}`)) extensions.push(`.${extension}`);
    }
  }
  return accept;
}
