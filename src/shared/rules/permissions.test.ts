import { describe, expect, it } from 'vitest';
import { ACTIONS, ROLE_LABELS, ROLES, can, invitableRoles, mayGrant, permissionsOf, type Action, type Role } from './permissions';

/** What each role may do, row by row of issue #29's table, written out by hand (not read from the table). */
const EXPECTED: Record<Role, readonly Action[]> = {
  // propriétaire: everything, including members, venues and the organisation.
  owner: ACTIONS,
  // gérant: everything in their venues (settings, QR, loyalty, automations, customers with export and
  // erasure, replies), inviting (équipe and lecture only: invitableRoles); not members, venues, organisation.
  manager: [
    'venue.view',
    'dashboard.view',
    'reviews.view',
    'reviews.today',
    'reviews.reply',
    'counter.use',
    'customers.view',
    'customers.export',
    'customers.erase',
    'settings.manage',
    'qr.manage',
    'loyalty.manage',
    'automations.manage',
    'security.check',
    'members.invite',
  ],
  // équipe: the counter only (find a diner, hand over a reward) and today's reviews without contact details.
  staff: ['venue.view', 'counter.use', 'reviews.today'],
  // lecture: read-only dashboards and reviews, no personal data export.
  viewer: ['venue.view', 'dashboard.view', 'reviews.view', 'reviews.today'],
};

describe('the permission table (issue #29)', () => {
  it('names the four roles in French as the product does', () => {
    expect(ROLES).toEqual(['owner', 'manager', 'staff', 'viewer']);
    expect(ROLE_LABELS).toEqual({ owner: 'propriétaire', manager: 'gérant', staff: 'équipe', viewer: 'lecture' });
  });

  it.each(ROLES)('gives %s exactly the rights of its row', (role) => {
    for (const action of ACTIONS) expect(can(role, action), `${role} ${action}`).toBe(EXPECTED[role].includes(action));
    expect(permissionsOf(role)).toEqual(ACTIONS.filter((action) => EXPECTED[role].includes(action)));
  });

  it('keeps members, venues and the organisation to the propriétaire', () => {
    for (const action of ['members.manage', 'venues.manage', 'organisation.manage'] as const) {
      expect(ROLES.filter((role) => can(role, action))).toEqual(['owner']);
    }
  });

  it('lets no one but a propriétaire or a gérant export or erase personal data, or see the customer base', () => {
    for (const action of ['customers.view', 'customers.export', 'customers.erase'] as const) {
      expect(ROLES.filter((role) => can(role, action))).toEqual(['owner', 'manager']);
    }
  });

  it('gives lecture no write at all, and équipe no write beyond the counter', () => {
    const writes: Action[] = ['reviews.reply', 'customers.erase', 'settings.manage', 'qr.manage', 'loyalty.manage', 'automations.manage', 'members.invite', 'members.manage', 'venues.manage', 'organisation.manage'];
    for (const action of writes) {
      expect(can('viewer', action), action).toBe(false);
      expect(can('staff', action), action).toBe(false);
    }
    expect(can('viewer', 'counter.use')).toBe(false);
  });

  it('refuses everything to a role it does not know', () => {
    for (const action of ACTIONS) expect(can('admin', action)).toBe(false);
    expect(permissionsOf('')).toEqual([]);
    expect(invitableRoles('admin')).toEqual([]);
  });
});

describe('who may invite whom', () => {
  it('lets a propriétaire invite any role, a gérant équipe and lecture only, the others no one', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'manager', 'staff', 'viewer']);
    expect(invitableRoles('manager')).toEqual(['staff', 'viewer']);
    expect(invitableRoles('staff')).toEqual([]);
    expect(invitableRoles('viewer')).toEqual([]);
    expect(mayGrant('manager', 'owner')).toBe(false);
    expect(mayGrant('manager', 'manager')).toBe(false);
    expect(mayGrant('manager', 'staff')).toBe(true);
  });

  it('only roles allowed to invite have roles to give', () => {
    for (const role of ROLES) expect(invitableRoles(role).length > 0).toBe(can(role, 'members.invite'));
  });

  it('never lets anyone grant a role with a right of its own that the granter lacks', () => {
    for (const granter of ROLES) {
      for (const granted of invitableRoles(granter)) {
        for (const action of ACTIONS) {
          if (can(granted, action)) expect(can(granter, action), `${granter} grants ${granted}: ${action}`).toBe(true);
        }
      }
    }
  });

  it('never lets a member grant a role above its own (a gérant cannot make a gérant or a propriétaire)', () => {
    const rank = (role: Role) => ROLES.length - ROLES.indexOf(role);
    for (const granter of ROLES) {
      for (const granted of invitableRoles(granter)) {
        expect(rank(granted) <= rank(granter), `${granter} grants ${granted}`).toBe(true);
        if (granter !== 'owner') expect(rank(granted) < rank(granter), `${granter} grants ${granted}`).toBe(true);
      }
    }
  });
});
