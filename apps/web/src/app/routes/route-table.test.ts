import { describe, expect, it } from 'vitest';
import { ROUTE_LIST, routeForPath } from './route-table';

// SPEC 2 "Routes": every path the product has.
const SPEC_PATHS = [
  '/',
  '/accounts',
  '/main',
  '/connection',
  '/template_list',
  '/template_list/event',
  '/template_list/time',
  '/template_list/consent',
  '/template_list/statistic',
  '/template/stat',
  '/template',
  '/new_template',
  '/new_wr_template',
  '/reviews/all',
  '/reviews/new_review',
  '/reviews/one_review',
  '/reviews/statistics',
  '/mailing/new',
  '/mailing/started_mailing',
  '/mailing/stats',
  '/mailing/consents',
  '/mailing/statistics',
  '/add_leads',
  '/partners_access',
  '/partners_promo',
  '/partners_program',
  '/list_of_operation',
  '/history_of_payment',
  '/blacklist',
  '/settings',
  '/bill_data',
  '/system_messages',
  '/sms',
  '/channel_priority',
  '/accesses',
  '/pay',
  '/history',
  '/chat_history',
  '/auto_response',
  '/invite_fiend',
  '/invite_fiend/list',
  '/invite_fiend/action',
  '/invite_fiend/new_action',
  '/invite_fiend/statistic',
  '/integrators',
  '/ai_admin',
  '/ai_admin_settings',
  '/ai_admin_instruction',
  '/ai_admin_exceptions',
  '/ai_admin_statistics',
  '/start_page',
  '/auto_connect_send_out',
  '/auto_connect',
  '/auto_connect_form',
  '*',
];

// Ours, beyond the spec: the sandbox phone and the local CRM's booking screens of local installs.
const DEV_PATHS = ['/dev/sandbox', '/dev/crm'];

describe('route table', () => {
  it('registers every route of the spec exactly once', () => {
    const paths = ROUTE_LIST.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...DEV_PATHS].sort());
  });

  it('has unique ids', () => {
    const ids = ROUTE_LIST.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renders the public pages without the shell', () => {
    const bare = ROUTE_LIST.filter((r) => r.shell === 'bare').map((r) => r.path);
    expect(bare.sort()).toEqual([
      '*',
      '/auto_connect',
      '/auto_connect_form',
      '/auto_connect_send_out',
      '/dev/sandbox',
      '/start_page',
    ]);
  });
});

describe('routeForPath', () => {
  it('finds routes like the router does', () => {
    expect(routeForPath('/').id).toBe('login');
    expect(routeForPath('/mailing/new').id).toBe('mailingNew');
    expect(routeForPath('/Mailing/New/').id).toBe('mailingNew');
    expect(routeForPath('/invite_fiend/statistic').id).toBe('inviteFriendsStatistic');
    expect(routeForPath('/dev/sandbox').id).toBe('devSandbox');
    expect(routeForPath('/dev/crm').id).toBe('devCrm');
  });

  it('sends unknown paths to the 404 page', () => {
    expect(routeForPath('/nope').id).toBe('notFound');
    expect(routeForPath('/mailing').id).toBe('notFound');
    expect(routeForPath('/dev').id).toBe('notFound');
    expect(routeForPath('/dev/sandbox/x').id).toBe('notFound');
  });
});
