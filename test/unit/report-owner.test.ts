import { reportOwner } from '../../src/core/report-owner';

describe('reportOwner', () => {
  it('names the owner by first name and email', () => {
    expect(reportOwner({ user: { id: 2, email: 'anna@example.com', firstName: 'Anna', picture: null } })).toEqual({ name: 'Anna', email: 'anna@example.com' });
  });

  it('has no one to ask for a report of a deleted user (the platform empties their email)', () => {
    expect(reportOwner({ user: { id: 7, email: '', firstName: null, picture: null } })).toEqual({ name: null, email: null });
  });
});
