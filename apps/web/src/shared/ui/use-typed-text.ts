import { useState } from 'react';

// What a formatted text field shows: its value in the interface format, or what is being typed
// until the field is left. A new value from outside replaces what was typed.
export function useTypedText(shown: string) {
  const [typed, setTyped] = useState<string | null>(null);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setTyped(null);
  }
  return { text: typed ?? shown, setTyped, reset: () => setTyped(null) };
}
