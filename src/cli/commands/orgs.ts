// `cstudio orgs list`
import { collect } from '../../core/platform/paging';
import type { Organization } from '../../core/platform/types';
import { printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const orgsList = platformCommand({
  path: ['orgs', 'list'],
  summary: 'List the organizations the connection can see.',
  synopsis: '',
  async run({ session, io, json }) {
    const orgs = await collect(session.client.organizations.list({ signal: io.signal }));
    printRows<Organization>(
      io,
      orgs,
      [
        { header: 'ID', value: (o) => o.id },
        { header: 'NAME', value: (o) => o.displayName },
        { header: 'TYPE', value: (o) => o.type },
      ],
      json,
      'No organizations.',
    );
    return 0;
  },
});
