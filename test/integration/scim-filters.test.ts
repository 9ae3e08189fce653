/**
 * SCIM filtering (RFC 7644 §3.4.2.2) and paging (§3.4.2.4) on Users and Groups, on the wire. Expected
 * results come from the RFC and the fixtures below; every answer is checked against scim.yaml's schemas.
 */
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { GROUP_URN, LIST_URN, USER_URN, scimFetch, unique, type ScimAnswer } from '../support/scim-schemas';

let t: TestPlatform;
const tag = unique('f');
const alice = `${tag}-alice@example.com`;
const bob = `${tag}-bob@example.org`;
const carol = `${tag}-carol@corp.test`;
const ids: Record<string, string> = {};
/** Before any fixture exists, two seconds early so a server keeping whole seconds cannot fall before it. */
const start = Date.now() - 2000;

const call = (path: string) => scimFetch(t.platform, 'GET', path);
const users = (filter: string, query = '') => call(`/Users?filter=${encodeURIComponent(filter)}${query}`);

/** The userNames a filter selects (all of them: the fixtures are few), checking totalResults agrees. */
async function userNames(filter: string): Promise<string[]> {
  const answer = await users(filter);
  expect(answer.status).toBe(200);
  const resources = answer.body.Resources ?? [];
  expect(answer.body.totalResults).toBe(resources.length);
  return resources.map((u: { userName: string }) => u.userName).sort();
}

async function groupNames(filter: string): Promise<string[]> {
  const answer = await call(`/Groups?filter=${encodeURIComponent(filter)}`);
  expect(answer.status).toBe(200);
  return (answer.body.Resources ?? []).map((g: { displayName: string }) => g.displayName).sort();
}

const post = async (path: string, body: unknown) => {
  const answer = await scimFetch(t.platform, 'POST', path, body);
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};

/** The instant `ms` written with a UTC offset of `minutes` (e.g. +05:30), as RFC 3339 allows. */
function withOffset(ms: number, minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return new Date(ms + minutes * 60_000).toISOString().replace('Z', `${sign}${hhmm}`);
}

beforeAll(async () => {
  t = await startTestPlatform();
  const user = (userName: string, extra: object) => post('/Users', { schemas: [USER_URN], userName, ...extra });
  ids.alice = await user(alice, { name: { givenName: 'Alice', familyName: 'Archer' }, emails: [{ value: alice, type: 'work', primary: true }], active: true, externalId: 'ext-alice' });
  ids.bob = await user(bob, { name: { givenName: 'Bob', familyName: 'Baker' }, emails: [{ value: bob, type: 'work', primary: true }], active: false });
  ids.carol = await user(carol, {
    name: { givenName: 'Carol', familyName: 'Cooper' },
    emails: [{ value: 'carol@corp.test', type: 'work', primary: true }, { value: 'carol@example.com', type: 'home' }],
    active: true,
    externalId: 'ext-carol',
  });
  for (const n of [1, 2, 3, 4, 5]) await user(`${tag}-page-${n}@example.com`, { active: true });
  await post('/Groups', { schemas: [GROUP_URN], displayName: `${tag} Alpha`, members: [{ value: ids.alice }] });
  await post('/Groups', { schemas: [GROUP_URN], displayName: `${tag} Beta`, members: [{ value: ids.bob }, { value: ids.carol }] });
});
afterAll(() => t.close());

const mine = `userName sw "${tag}-" and not (userName co "-page-")`;

describe('attribute operators on Users (RFC 7644 §3.4.2.2)', () => {
  it('eq compares userName case-insensitively (RFC 7643 §4.1.1: caseExact false)', async () => {
    expect(await userNames('userName eq "ADMIN@EXAMPLE.COM"')).toEqual(['admin@example.com']);
    expect(await userNames(`userName eq "${alice.toUpperCase()}"`)).toEqual([alice]);
    expect(await userNames('userName eq "nobody@example.com"')).toEqual([]);
  });

  it('ne, co, sw, ew', async () => {
    expect(await userNames(`${mine} and userName ne "${alice.toUpperCase()}"`)).toEqual([bob, carol]);
    expect(await userNames(`userName co "${tag}-ALI"`)).toEqual([alice]);
    expect(await userNames(`userName sw "${tag.toUpperCase()}-C"`)).toEqual([carol]);
    expect(await userNames(`${mine} and userName ew ".ORG"`)).toEqual([bob]);
  });

  it('pr, booleans, sub-attributes and multi-valued attributes', async () => {
    expect(await userNames(`${mine} and externalId pr`)).toEqual([alice, carol]);
    expect(await userNames(`${mine} and active eq false`)).toEqual([bob]);
    expect(await userNames(`${mine} and name.familyName eq "baker"`)).toEqual([bob]);
    // A multi-valued attribute matches if any of its values does (§3.4.2.2).
    expect(await userNames(`${mine} and emails.type eq "home"`)).toEqual([carol]);
    expect(await userNames('emails.value eq "carol@example.com"')).toEqual([carol]);
  });

  it('gt, ge, lt, le on meta.created compare instants, whatever the offset', async () => {
    const admin = 'userName eq "admin@example.com"';
    // 2025-12-31T23:00:00-01:00 is the seeded users' 2026-01-01T00:00:00.000Z.
    expect(await userNames(`${admin} and meta.created gt "2025-12-31T23:00:00-01:00"`)).toEqual([]);
    expect(await userNames(`${admin} and meta.created ge "2025-12-31T23:00:00-01:00"`)).toEqual(['admin@example.com']);
    expect(await userNames(`${admin} and meta.created gt "2025-12-31T23:59:59.999Z"`)).toEqual(['admin@example.com']);
    expect(await userNames('meta.created lt "2026-01-01T01:00:00+01:00"')).toEqual([]);
    expect(await userNames('meta.created le "2026-01-01T01:00:00+01:00"')).toEqual(['admin@example.com', 'analyst@example.com']);
    expect(await userNames(`${mine} and meta.created gt "2026-01-01T00:00:00Z"`)).toEqual([alice, bob, carol]);
  });

  it('gt, ge, lt, le on meta.lastModified', async () => {
    expect(await userNames(`${mine} and meta.lastModified ge "${withOffset(start, 330)}"`)).toEqual([alice, bob, carol]);
    expect(await userNames(`${mine} and meta.lastModified gt "${withOffset(start, -480)}"`)).toEqual([alice, bob, carol]);
    expect(await userNames(`${mine} and meta.lastModified lt "${withOffset(start, 60)}"`)).toEqual([]);
    expect(await userNames(`${mine} and meta.lastModified le "${new Date(start).toISOString()}"`)).toEqual([]);
  });
});

describe('logical operators, grouping and value paths (RFC 7644 §3.4.2.2)', () => {
  it('and, or, not with parentheses', async () => {
    expect(await userNames(`${mine} and (emails.type eq "home" or active eq false)`)).toEqual([bob, carol]);
    expect(await userNames(`${mine} and not (userName co "alice" or userName co "bob")`)).toEqual([carol]);
    expect(await userNames(`userName eq "${alice}" or userName eq "${carol}"`)).toEqual([alice, carol]);
    expect(await userNames(`(userName eq "${alice}" or userName eq "${bob}") and active eq true`)).toEqual([alice]);
  });

  it('"and" binds tighter than "or"', async () => {
    // a or (b and c): bob; read left to right, (a or b) and c would select nobody.
    expect(await userNames(`${mine} and (active eq false or userName eq "${alice}" and externalId eq "nope")`)).toEqual([bob]);
  });

  it('a value path matches one value of a multi-valued attribute on all its conditions', async () => {
    expect(await userNames(`${mine} and emails[type eq "work" and value co "example"]`)).toEqual([alice, bob]);
    // Without brackets the conditions may hold on different emails: carol's work one and her home one.
    expect(await userNames(`${mine} and emails.type eq "work" and emails.value co "example"`)).toEqual([alice, bob, carol]);
  });

  it('attribute names and operators in any case', async () => {
    expect(await userNames('USERNAME EQ "admin@example.com"')).toEqual(['admin@example.com']);
    expect(await userNames(`UserName Sw "${tag}-" And Not (USERNAME co "-page-") AND Emails[Type eq "work" AND Value CO "example"]`)).toEqual([alice, bob]);
    expect(await userNames('userName eq "admin@example.com" and Meta.Created GE "2026-01-01T00:00:00Z"')).toEqual(['admin@example.com']);
    expect(await userNames(`${mine} and NAME.FAMILYNAME eq "Cooper"`)).toEqual([carol]);
  });

  it('answers 400 invalidFilter for an unknown attribute, a malformed expression, or gt on a boolean', async () => {
    const filters = [
      'favouriteColour eq "blue"',
      'userName eq',
      'userName eq "x" and',
      '(userName eq "x"',
      'userName xx "x"',
      'userName eq "unterminated',
      'emails[type eq "work"',
      'not userName eq "x"', // Figure 1: FILTER =/ *1"not" "(" FILTER ")": "not" takes parentheses
      'active gt true', // §3.4.2.2: gt, ge, lt, le on a Boolean SHALL fail with invalidFilter
    ];
    const answers: ScimAnswer[] = [];
    for (const filter of filters) answers.push(await users(filter));
    expect(answers.map((a, i) => ({ filter: filters[i], status: a.status, scimType: a.body?.scimType })))
      .toEqual(filters.map((filter) => ({ filter, status: 400, scimType: 'invalidFilter' })));
    const groups = await call(`/Groups?filter=${encodeURIComponent('userName eq "x"')}`);
    expect({ status: groups.status, scimType: groups.body?.scimType }).toEqual({ status: 400, scimType: 'invalidFilter' });
  });
});

describe('filters on Groups', () => {
  it('displayName operators, case-insensitively (RFC 7643 §4.2, caseExact false)', async () => {
    expect(await groupNames('displayName eq "analysts"')).toEqual(['Analysts']);
    expect(await groupNames('displayName ew "AUTHORS"')).toEqual(['Report authors']);
    expect(await groupNames('displayName co "nanc"')).toEqual(['Finance']);
    expect(await groupNames(`displayName sw "${tag} " and displayName ne "${tag} alpha"`)).toEqual([`${tag} Beta`]);
  });

  it('members by value, and meta.created', async () => {
    expect(await groupNames(`members.value eq "${ids.alice}"`)).toEqual([`${tag} Alpha`]);
    expect(await groupNames(`members[value eq "${ids.carol}"]`)).toEqual([`${tag} Beta`]);
    expect(await groupNames(`displayName sw "${tag}" and meta.created ge "${withOffset(start, -90)}"`)).toEqual([`${tag} Alpha`, `${tag} Beta`]);
  });
});

describe('paging (RFC 7644 §3.4.2.4)', () => {
  const pages = `userName sw "${tag}-page-"`;
  const page = async (query: string) => {
    const answer = await users(pages, query);
    expect(answer.status).toBe(200);
    expect(answer.body.schemas).toEqual([LIST_URN]);
    return answer.body;
  };

  it('startIndex (1-based) and count, with totalResults counting every match', async () => {
    const seen: string[] = [];
    for (const [startIndex, expected] of [[1, 2], [3, 2], [5, 1]] as const) {
      const body = await page(`&startIndex=${startIndex}&count=2`);
      expect({ totalResults: body.totalResults, startIndex: body.startIndex, itemsPerPage: body.itemsPerPage }).toEqual({ totalResults: 5, startIndex, itemsPerPage: expected });
      expect(body.Resources).toHaveLength(expected);
      seen.push(...body.Resources.map((u: { id: string }) => u.id));
    }
    expect(new Set(seen).size).toBe(5);
    expect((await page('')).Resources).toHaveLength(5);
  });

  it('count 0 returns only totalResults; past the end, none; startIndex below 1 is 1, a negative count is 0', async () => {
    expect(await page('&count=0')).toMatchObject({ totalResults: 5, Resources: [] });
    expect(await page('&startIndex=10&count=2')).toMatchObject({ totalResults: 5, Resources: [] });
    const first = await page('&startIndex=0&count=1');
    expect(first).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 1 });
    expect(first.Resources[0].id).toBe((await page('&startIndex=1&count=1')).Resources[0].id);
    expect(await page('&count=-1')).toMatchObject({ totalResults: 5, Resources: [] });
  });

  it('pages Groups too', async () => {
    const all = await call('/Groups');
    const answer = await call('/Groups?startIndex=2&count=1');
    expect(answer.body).toMatchObject({ totalResults: all.body.totalResults, startIndex: 2, itemsPerPage: 1 });
    expect(answer.body.Resources).toHaveLength(1);
    expect(answer.body.Resources[0].id).toBe(all.body.Resources[1].id);
  });
});
