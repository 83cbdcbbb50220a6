import { newId, type DocumentCollection } from '../collection';
import type { NewUser, User, UserRepository, UserType } from '../types';

export interface UserDoc {
  _id: string;
  email: string;
  firstName: string;
  passwordHash: string;
  userType: UserType;
  createdAt: Date;
  updatedAt: Date;
}

/** E-mail addresses compare case-insensitively everywhere, so they are stored in one case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toUser({ _id, email, firstName, passwordHash, userType, createdAt, updatedAt }: UserDoc): User {
  return { id: _id, email, firstName, passwordHash, userType, createdAt, updatedAt };
}

export function userRepository(users: DocumentCollection<UserDoc>): UserRepository {
  const update = (id: string, fields: Partial<UserDoc>) =>
    users.updateOne({ _id: id }, { $set: { ...fields, updatedAt: new Date() } });

  return {
    async create({ email, firstName, passwordHash, userType }: NewUser) {
      const now = new Date();
      const doc: UserDoc = {
        _id: newId(now.getTime()),
        email: normaliseEmail(email),
        firstName,
        passwordHash,
        userType,
        createdAt: now,
        updatedAt: now,
      };
      await users.insertOne(doc);
      return toUser(doc);
    },
    async findByEmail(email) {
      const doc = await users.findOne({ email: normaliseEmail(email) });
      return doc && toUser(doc);
    },
    async findById(id) {
      const doc = await users.findOne({ _id: id });
      return doc && toUser(doc);
    },
    updatePassword: (id, passwordHash) => update(id, { passwordHash }),
    setUserType: (id, userType) => update(id, { userType }),
  };
}
