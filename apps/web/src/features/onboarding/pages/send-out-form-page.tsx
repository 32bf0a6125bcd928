// Placeholder until the page lands (issue 17).
export function SendOutFormPage() {
  return null;
}
