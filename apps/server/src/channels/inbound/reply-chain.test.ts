import { describe, expect, it } from 'vitest';
import type { ReplyContext } from './reply-chain.js';
import { ReplyChain } from './reply-chain.js';

const context = { accId: 1001, message: { body: 'да' } } as unknown as ReplyContext;

describe('reply chain', () => {
  it('offers a message to the handlers in the spec order and stops at the first that answers', async () => {
    const seen: string[] = [];
    const chain = new ReplyChain();
    const handler = (name: string, answer: 'handled' | 'pass') => ({
      name,
      handle: async () => {
        seen.push(name);
        return answer;
      },
    });
    chain.use('ai_admin', handler('ai', 'handled'));
    chain.use('key_phrases', handler('keys', 'pass'));
    chain.use('confirm_cancel', handler('confirm', 'pass'));
    chain.use('review_rating', handler('review', 'handled'));
    expect(await chain.run(context)).toBe('review');
    expect(seen).toEqual(['confirm', 'review']);
  });

  it('offers nothing the salon wrote from its own phone', async () => {
    const chain = new ReplyChain();
    let offered = false;
    chain.use('key_phrases', {
      name: 'keys',
      handle: async () => {
        offered = true;
        return 'handled';
      },
    });
    const own = { ...context, message: { ...context.message, fromSalon: true } } as ReplyContext;
    expect(await chain.run(own)).toBeNull();
    expect(offered).toBe(false);
    expect(await chain.run(context)).toBe('keys');
  });

  it('answers null when nobody handles the message', async () => {
    expect(await new ReplyChain().run(context)).toBeNull();
  });
});
