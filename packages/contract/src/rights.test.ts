import { describe, expect, it } from 'vitest';
import { GUARDS, allows, expandRights, isOwner, type Guard } from './rights.js';

describe('rights', () => {
  it('treats owner and support as owners', () => {
    expect(isOwner(['owner'])).toBe(true);
    expect(isOwner(['support'])).toBe(true);
    expect(isOwner(['sendouts', 'edit_templates'])).toBe(false);
  });

  it('expands all into every grantable right and drops unknown ones', () => {
    expect(expandRights(['all'])).toContain('translation_switch');
    expect(expandRights(['all'])).not.toContain('all');
    expect(expandRights(['sendouts', 'bogus', 'sendouts'])).toEqual(['sendouts']);
  });

  // SPEC 6 guards: each row is a right set and the guards it passes.
  const matrix: [string[], Guard[]][] = [
    [['owner'], ['connection', 'mailing', 'settings', 'accesses', 'editTemplates', 'systemMessages', 'member']],
    [['support'], ['connection', 'mailing', 'settings', 'accesses', 'editTemplates', 'systemMessages', 'member']],
    [['manage_wapp'], ['connection', 'member']],
    [['sendouts'], ['mailing', 'member']],
    [['translation_switch'], ['settings', 'member']],
    [['edit_templates'], ['editTemplates', 'member']],
    [['hide_translation_phones', 'notify'], ['member']],
    [[], ['member']],
  ];
  it.each(matrix)('rights %j pass exactly %j', (rights, passing) => {
    for (const guard of Object.keys(GUARDS) as Guard[]) {
      expect(allows(rights, guard), `${guard}`).toBe(passing.includes(guard));
    }
  });
});
