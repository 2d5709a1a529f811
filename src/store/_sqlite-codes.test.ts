import { describe, expect, it } from 'vitest';
import { sqliteCodeName } from './_sqlite-codes.js';

describe('sqliteCodeName', () => {
  it('names primary and extended result codes as better-sqlite3 does', () => {
    expect(sqliteCodeName(5)).toBe('SQLITE_BUSY');
    expect(sqliteCodeName(517)).toBe('SQLITE_BUSY_SNAPSHOT');
    expect(sqliteCodeName(11)).toBe('SQLITE_CORRUPT');
    expect(sqliteCodeName(13)).toBe('SQLITE_FULL');
    expect(sqliteCodeName(14)).toBe('SQLITE_CANTOPEN');
    expect(sqliteCodeName(26)).toBe('SQLITE_NOTADB');
    expect(sqliteCodeName(8)).toBe('SQLITE_READONLY');
    expect(sqliteCodeName(1544)).toBe('SQLITE_READONLY_DIRECTORY');
    expect(sqliteCodeName(1555)).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(sqliteCodeName(2067)).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(sqliteCodeName(3338)).toBe('SQLITE_IOERR_ACCESS');
    expect(sqliteCodeName(3850)).toBe('SQLITE_IOERR_LOCK');
  });

  it('names an unknown extended code by its primary code, and no code at all as null', () => {
    expect(sqliteCodeName(5 | (60 << 8))).toBe('SQLITE_BUSY');
    expect(sqliteCodeName(0)).toBeNull();
    expect(sqliteCodeName(99)).toBeNull();
    expect(sqliteCodeName(1.5)).toBeNull();
  });
});
