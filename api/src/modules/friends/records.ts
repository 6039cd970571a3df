import { friendsMemberSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Friends club memberships, by account id. */
export const friendsMembersCollection = defineCollection({ name: 'friendsMembers', schema: friendsMemberSchema, file: { group: 'friends', durable: true } });
