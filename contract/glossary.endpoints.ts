/** The glossary (issue 20): the endpoint table of this domain (contract/endpoint.ts has the shape). */
import {
  GlossaryImportRequest,
  GlossaryImportResponse,
  GlossaryListResponse,
  GlossaryTerm,
  GlossaryTermRequest,
} from './glossary.ts';
import { json, type Endpoint } from './endpoint.ts';

export const GLOSSARY_ENDPOINTS = {
  // Glossary (issue 20 item 4, contract/glossary.ts)
  listGlossary: {
    method: 'GET',
    path: '/v1/glossary',
    tag: 'users',
    summary: "The account's glossary terms, alphabetical",
    description:
      'Each term has a source language (or `any`) and per target language a forced translation, or `null` to keep ' +
      'it as it is (`any` as target: every language). Jobs take a snapshot of the glossary when they are created.',
    auth: 'bearer',
    response: json(GlossaryListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createGlossaryTerm: {
    method: 'POST',
    path: '/v1/glossary',
    tag: 'users',
    summary: 'Add a glossary term',
    auth: 'bearer',
    body: GlossaryTermRequest,
    response: json(GlossaryTerm, 201),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_EXISTS', 'GLOSSARY_FULL'],
  },
  updateGlossaryTerm: {
    method: 'PUT',
    path: '/v1/glossary/{id}',
    tag: 'users',
    summary: 'Replace a glossary term (its text, source language and targets)',
    auth: 'bearer',
    body: GlossaryTermRequest,
    response: json(GlossaryTerm),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_NOT_FOUND', 'GLOSSARY_TERM_EXISTS'],
  },
  deleteGlossaryTerm: {
    method: 'DELETE',
    path: '/v1/glossary/{id}',
    tag: 'users',
    summary: 'Delete a glossary term (jobs already created keep their snapshot)',
    auth: 'bearer',
    response: json(GlossaryTerm),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_NOT_FOUND'],
  },
  exportGlossary: {
    method: 'GET',
    path: '/v1/glossary/export',
    tag: 'users',
    summary: 'The glossary as CSV: columns term, source_language, target_language, translation',
    description: 'One row per term and target language; an empty translation means keep as is. UTF-8, RFC 4180.',
    auth: 'bearer',
    response: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment glossary.csv)' },
    errors: ['UNAUTHORIZED'],
  },
  importGlossary: {
    method: 'POST',
    path: '/v1/glossary/import',
    tag: 'users',
    summary: 'Import a glossary CSV (all rows or none)',
    description:
      'The CSV text in `csv` (at most 512 KB), columns as the export. Terms already there get the targets of the ' +
      'file; `replace: true` empties the glossary first. A bad row answers GLOSSARY_CSV_INVALID with its `line`.',
    auth: 'bearer',
    body: GlossaryImportRequest,
    response: json(GlossaryImportResponse),
    errors: ['UNAUTHORIZED', 'GLOSSARY_CSV_INVALID', 'GLOSSARY_CSV_TOO_LARGE', 'GLOSSARY_FULL'],
  },
} as const satisfies Record<string, Endpoint>;
