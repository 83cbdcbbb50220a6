import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_LENGTH_MS,
  checkAdminSession,
  expireAdminSession,
  logOutAdmin,
  readAdminCredentials,
} from './admin-session';
import { MemoryStorage } from '../../test/support/memory-storage';

describe('admin session', () => {
  let storage: MemoryStorage;
  const start = Date.parse('2026-03-01T09:00:00Z');
  beforeEach(() => {
    storage = new MemoryStorage();
    storage.setItem('email', 'admin@example.com');
    storage.setItem('password', 'Secret#123');
    storage.setItem('isAuthenticated', 'true');
    storage.setItem('sessionStartTime', String(start));
  });

  it('holds for one hour and expires after it', () => {
    expect(checkAdminSession(storage, start + ADMIN_SESSION_LENGTH_MS)).toBe('active');
    expect(checkAdminSession(storage, start + ADMIN_SESSION_LENGTH_MS + 1)).toBe('expired');
  });

  it('is expired when not authenticated or without credentials', () => {
    storage.setItem('isAuthenticated', 'false');
    expect(checkAdminSession(storage, start)).toBe('expired');
    storage.setItem('isAuthenticated', 'true');
    storage.removeItem('password');
    expect(checkAdminSession(storage, start)).toBe('expired');
  });

  it('starts the clock now when no start time was stored', () => {
    storage.removeItem('sessionStartTime');
    expect(checkAdminSession(storage, start + 5)).toBe('active');
    expect(storage.getItem('sessionStartTime')).toBe(String(start + 5));
  });

  it('removes the credentials on expiry and flags the sign-in screen', () => {
    expireAdminSession(storage);
    expect(readAdminCredentials(storage)).toBeNull();
    expect(storage.getItem('isAuthenticated')).toBeNull();
    expect(storage.getItem('showSessionExpiredToast')).toBe('true');
  });

  it('removes the credentials on logout without the expiry flag', () => {
    logOutAdmin(storage);
    expect(readAdminCredentials(storage)).toBeNull();
    expect(storage.getItem('showSessionExpiredToast')).toBeNull();
  });
});
