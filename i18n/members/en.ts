import { membersListEn } from './en.list';

/** Members' users, company users and branches: the members screens past the list (see ./en.list.ts). */
export const membersScreensEn = {
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        name: 'Name',
        email: 'Email',
        password: 'Password',
        role_id: 'Role',
        branch_id: 'Branch',
        active: 'Active',
        q: 'Search',
        created_at: 'Created',
      },
    },
    clientusers: {
      name: 'Member user |||| Member users',
      fields: { name: 'Name', email: 'Email', password: 'Password', active: 'Active' },
    },
    branches: {
      name: 'Branch |||| Branches',
      fields: { name: 'Name', address: 'Address', default_branch: 'Default branch' },
    },
  },
  members: {
    users: {
      add: 'Add user',
      edit: 'Edit user',
      none: 'No users yet.',
      inactive: 'Inactive',
      created: 'User added',
      updated: 'User saved',
      deactivate: 'Deactivate',
      deactivate_title: 'Deactivate %{name}?',
      deactivate_content: 'The user can no longer sign in, and every open session ends.',
      deactivated: 'User deactivated',
      password_hint: 'At least 12 characters.',
      password_keep: 'Leave blank to keep the current password.',
    },
    branches: {
      title: 'Branches',
      add: 'Add branch',
      edit: 'Edit branch',
      default: 'Default',
      saved: 'Branch saved',
      delete_title: 'Delete the branch %{name}?',
      delete_content: 'Only a branch without users or members can be deleted.',
      deleted: 'Branch deleted',
    },
  },
};

/** Members, their users, company users and branches (the members issue). */
export const membersEn = {
  resources: { ...membersListEn.resources, ...membersScreensEn.resources },
  members: { ...membersListEn.members, ...membersScreensEn.members },
};
