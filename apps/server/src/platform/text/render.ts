import { renderVariables, variablesIn } from '@salon/contract/templates-rules';

// Message texts with {key} variables, as every producer of messages fills them in (templates,
// send-outs, test messages, replies). The key syntax is the contract's, which the cabinet's previews
// use too (renderVariables).

// The text with the given values; a key without a value stays as typed ("{unknown}"), for the
// validators to catch. Surrounding blank space goes: a text whose keys were all empty is ''.
export function render(text: string, values: Readonly<Record<string, string>>): string {
  return renderVariables(text, values).trim();
}

// The text as a recipient reads it when some keys have no value for them (a client list's empty
// column, a test message's missing key): such a key becomes empty, never "{key}".
export function renderFilled(text: string, values: Readonly<Record<string, string>>): string {
  const all: Record<string, string> = Object.fromEntries(variablesIn(text).map((key) => [key, '']));
  for (const [key, value] of Object.entries(values)) all[key] = value;
  return render(text, all);
}
