/**
 * One schema description: the Kysely table types (src/db/schema.ts and the tables/ files it
 * imports) must say exactly what the migrations build, on both databases — every table, every
 * column, and whether it may be null.
 * The types are read with the TypeScript compiler, the database with Kysely's introspection, so
 * a migration that adds, drops or loosens a column without the types (or the reverse) fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

type Column = { nullable: boolean };
type Tables = Record<string, Record<string, Column>>;

const SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/schema.ts');

/** Whether a type node admits null, looking through Generated<…> and unions. */
function admitsNull(node: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(node)) return node.types.some(admitsNull);
  if (ts.isLiteralTypeNode(node)) return node.literal.kind === ts.SyntaxKind.NullKeyword;
  if (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Generated' && node.typeArguments?.[0])
    return admitsNull(node.typeArguments[0]);
  return false;
}

/** schema.ts and every file it imports or re-exports relatively (the table types of tables/), parsed. */
function schemaSources(): ts.SourceFile[] {
  const sources: ts.SourceFile[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    sources.push(source);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
        visit(path.resolve(path.dirname(file), specifier.text));
    }
  };
  visit(SCHEMA);
  return sources;
}

/** The tables of the `Database` type and, for each, its columns and nullability, read from schema.ts and its tables. */
function declaredTables(): Tables {
  const aliases = new Map<string, ts.TypeLiteralNode>();
  for (const source of schemaSources()) {
    for (const statement of source.statements) {
      if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type))
        aliases.set(statement.name.text, statement.type);
    }
  }
  const database = aliases.get('Database');
  if (!database) throw new Error('schema.ts declares no Database type');
  const tables: Tables = {};
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type))
      throw new Error(`unexpected member ${member.getText()}`);
    const literal = aliases.get(member.type.typeName.getText());
    if (!literal) throw new Error(`no type literal for ${member.type.typeName.getText()}`);
    const columns: Record<string, Column> = {};
    for (const column of literal.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns[column.name.getText()] = { nullable: admitsNull(column.type) };
    }
    tables[member.name.getText()] = columns;
  }
  return tables;
}

/**
 * The differences that are meant, each with its reason: the test fails on any other, and on any
 * of these that goes away (so the list never outlives its reasons).
 */
const KNOWN: Record<string, Record<string, string>> = {
  sqlite: {
    // Added by a migration to a table with rows, without NOT NULL (SQLite cannot add it to an
    // existing column without rebuilding the table). Every insert sets it (provider/outbox.ts).
    'provider_outbox.seq': 'nullable in the database, never null in use',
  },
  postgres: {
    // Likewise, filled from its sequence by default.
    'provider_outbox.seq': 'nullable in the database, never null in use',
    // The generated tsvector behind PostgreSQL's address search, read only in raw SQL
    // (address/repository.ts); SQLite has its FTS table instead.
    'addresses.search_terms': 'PostgreSQL only',
  },
};

describe.each(DIALECTS)('the table types match the migrated database on %s', (dialect) => {
  let t: TestApp;
  let actual: Tables;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The migrations' own bookkeeping, and SQLite's full-text index of addresses (a virtual table
    // and its shadows, queried in raw SQL by the address search; PostgreSQL indexes the column).
    const tables = (await t.deps.db.introspection.getTables()).filter(
      (table) => !table.name.startsWith('kysely_') && !table.name.startsWith('addresses_fts'),
    );
    actual = {};
    for (const table of tables) {
      const columns: Record<string, Column> = {};
      for (const c of table.columns) columns[c.name] = { nullable: c.isNullable };
      if (dialect === 'sqlite') {
        // SQLite lets a non-integer primary key hold NULL unless it says NOT NULL; ours never do.
        const keys = await sql<{
          name: string;
        }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(t.deps.db);
        for (const k of keys.rows) columns[k.name] = { nullable: false };
      }
      actual[table.name] = columns;
    }
  });
  afterAll(() => t.close());

  it('declares every table the migrations build, and no other', () => {
    expect(Object.keys(declaredTables()).sort()).toEqual(Object.keys(actual).sort());
  });

  it('declares every column of every table, with its nullability', () => {
    const declared = declaredTables();
    const known = KNOWN[dialect] ?? {};
    const differences: string[] = [];
    for (const [table, columns] of Object.entries(actual)) {
      const names = new Set([...Object.keys(columns), ...Object.keys(declared[table] ?? {})]);
      for (const name of names) {
        const a = columns[name];
        const d = declared[table]?.[name];
        if (a?.nullable !== d?.nullable) differences.push(`${table}.${name}`);
      }
    }
    expect(differences.sort()).toEqual(Object.keys(known).sort());
  });
});
