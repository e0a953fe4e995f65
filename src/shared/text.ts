/**
 * Control characters in text. NUL (U+0000) cannot be stored in a PostgreSQL text column at all, and
 * the other C0 controls and DEL are never meaningful in bookkeeping text (they corrupt logs, CSV
 * exports and terminals), so text that enters the service carries none of them. Tab, line feed and
 * carriage return are ordinary white space in free text, allowed where a field may hold such text.
 */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_WHITE_SPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ANY_CONTROL_GLOBAL = /[\u0000-\u001f\u007f]/g;

export interface ControlCharacterPolicy {
  /** Tab, line feed and carriage return are allowed (free text); otherwise every control character is refused. */
  allowWhiteSpace: boolean;
}

export function hasControlCharacter(text: string, policy: ControlCharacterPolicy): boolean {
  return (policy.allowWhiteSpace ? CONTROL_BUT_WHITE_SPACE : ANY_CONTROL).test(text);
}

/** Control characters shown as \uXXXX, so a reason naming a field never carries them itself. */
export function visibleControlCharacters(text: string): string {
  return text.replace(ANY_CONTROL_GLOBAL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Each run of control characters (tab and line breaks included) becomes one space; for labels such as file names. */
export function replaceControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}

/**
 * The path (`transactions[3].description`, `search`) of a string, or object key, in `value` that
 * holds a control character the policy refuses; undefined when there is none. Iterative, so a
 * hostile body nested thousands deep cannot exhaust the stack.
 */
export function findControlCharacter(value: unknown, policy: ControlCharacterPolicy): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacter(item, policy)) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) pending.push([item[index], `${path}[${index}]`]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        const keyPath = path ? `${path}.${visibleControlCharacters(key)}` : visibleControlCharacters(key);
        if (hasControlCharacter(key, { allowWhiteSpace: false })) return keyPath;
        pending.push([child, keyPath]);
      }
    }
  }
  return undefined;
}
