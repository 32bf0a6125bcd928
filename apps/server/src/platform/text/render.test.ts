import { describe, expect, it } from 'vitest';
import { render, renderFilled } from './render.js';

describe('message rendering', () => {
  const vars = { name: 'Мария', day_month: '10 декабря', start_time: '14:00' };

  it('renders a text and leaves unknown keys for the validator to catch', () => {
    expect(render('{name}, ждём вас {day_month} в {start_time}. {unknown}', vars)).toBe(
      'Мария, ждём вас 10 декабря в 14:00. {unknown}',
    );
  });

  it('trims what is left around the keys', () => {
    expect(render('  {name}  ', vars)).toBe('Мария');
    expect(render('  {name}  ', { name: '' })).toBe('');
  });

  it('fills keys without a value with nothing when the recipient has none', () => {
    expect(renderFilled('Здравствуйте, {name}! {дата} {name}', { name: 'Анна' })).toBe('Здравствуйте, Анна!  Анна');
    expect(renderFilled('  {name}  ', {})).toBe('');
    expect(renderFilled('{a}{b}', { b: 'x', extra: 'y' })).toBe('x');
  });
});
