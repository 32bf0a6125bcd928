import { describe, expect, it } from 'vitest';
import { headerRole, keyFromHeader, mapHeader } from './header.js';

describe('client list header', () => {
  it.each([
    ['Имя', 'name'],
    ['ФИО', 'name'],
    ['клиент', 'name'],
    ['Name', 'name'],
    ['CLIENT', 'name'],
    ['Full name', 'name'],
    ['full_name', 'name'],
    ['\ufeffИмя', 'name'],
    ['Телефон', 'phone'],
    ['Тел.', 'phone'],
    ['  ТЕЛЕФОН: ', 'phone'],
    ['Номер', 'phone'],
    ['Мобильный', 'phone'],
    ['phone', 'phone'],
    ['Mobile', 'phone'],
    ['Number', 'phone'],
    ['WhatsApp', 'phone'],
    ['Whats App', 'phone'],
    ['Город', null],
    ['', null],
  ])('%j is %s', (text, role) => {
    expect(headerRole(text, false)).toBe(role);
  });

  it('reads longer headers only beside other headers', () => {
    expect(headerRole('Номер телефона', true)).toBe('phone');
    expect(headerRole('Имя клиента', true)).toBe('name');
    expect(headerRole('Client name', true)).toBe('name');
    expect(headerRole('Номер телефона', false)).toBeNull();
    expect(headerRole('Номер карты', true)).toBeNull();
    // A lone title is not a header.
    expect(mapHeader([{ column: 1, text: 'Телефоны клиентов' }]).phone).toBeNull();
    expect(mapHeader([{ column: 1, text: 'Телефон' }]).phone).toBe(1);
  });

  it.each([
    ['Дата визита', 'дата_визита'],
    ['Sum, ₽', 'sum'],
    ['  Последний   визит (дата) ', 'последний_визит_дата'],
    ['Ёлка', 'ёлка'],
    ['E-mail', 'e_mail'],
    ['№', ''],
    ['x'.repeat(60), 'x'.repeat(40)],
  ])('key of %j is %j', (header, key) => {
    expect(keyFromHeader(header)).toBe(key);
  });

  it('maps the first phone and name columns, the others to keys of their own', () => {
    const map = mapHeader([
      { column: 1, text: 'Телефон' },
      { column: 2, text: 'Комментарий' },
      { column: 3, text: 'Имя' },
      { column: 4, text: 'WhatsApp' },
      { column: 5, text: 'комментарий!' },
      { column: 6, text: '№' },
      { column: 8, text: 'Phone' },
    ]);
    expect(map.phone).toBe(1);
    expect(map.name).toBe(3);
    expect(map.extra).toEqual([
      { column: 2, key: 'комментарий' },
      { column: 4, key: 'whatsapp' },
      { column: 5, key: 'комментарий_2' },
      { column: 6, key: 'column_6' },
      { column: 8, key: 'phone_2' },
    ]);
    expect(map.columns[0]).toEqual({ column: 1, header: 'Телефон', key: 'phone' });
  });

  it('prefers an exact header to a longer one', () => {
    const map = mapHeader([
      { column: 1, text: 'Номер телефона менеджера' },
      { column: 2, text: 'Телефон' },
    ]);
    expect(map.phone).toBe(2);
  });
});
