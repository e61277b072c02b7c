import { relations } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { companies } from './companies';
import { projects } from './projects';
import { users } from './users';

/** Per-language texts as JSON keyed by LimeSurvey language code: { "nl": "…", "en": "…" }. */
export type LangTexts = Record<string, string>;

// A survey as LimeSurvey holds it; `ls_sid` is the id in the LimeSurvey install it came from,
// kept because SGQA column names of that install's response exports are built from it.
export const surveys = sqliteTable(
  'surveys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    lsSid: integer('ls_sid'),
    title: text('title').notNull(),
    baseLanguage: text('base_language').notNull(),
    anonymized: integer('anonymized', { mode: 'boolean' }).notNull().default(false),
    datestamp: integer('datestamp', { mode: 'boolean' }).notNull().default(false),
    useTokens: integer('use_tokens', { mode: 'boolean' }).notNull().default(false),
    tokenLength: integer('token_length').notNull().default(15),
    format: text('format').notNull().default('G'),
    // Participant attribute captions { attribute_1: "Wijk", … }.
    attributeDescriptions: text('attribute_descriptions', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    // Every other column of the LimeSurvey `surveys` row, verbatim.
    settings: text('settings', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    // Accuracy (spec 001 §7 PUT survey/{id}/accuracy): margins of error use these.
    populationSize: integer('population_size'),
    confidenceLevel: real('confidence_level'),
    participationUrl: text('participation_url'),
    // Bumped on every change to responses; the analytics cube is keyed by it.
    responsesVersion: integer('responses_version').notNull().default(0),
    // Who imported it (the overview's 'Eigenaar').
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // SHA-256 of the structure without LimeSurvey's ids (lss/parsed-structure.ts): an identical
    // re-import within the company is asked about first.
    structureHash: text('structure_hash'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('surveys_company_idx').on(t.companyId), index('surveys_company_structure_idx').on(t.companyId, t.structureHash)],
);

// Who looked into, exported or deleted individual responses: the response browser shows people's
// answers one by one, so every export and deletion is recorded (action, counts, filters).
export const surveyAudit = sqliteTable(
  'survey_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().$defaultFn(() => new Date()),
  },
  (t) => [index('survey_audit_survey_idx').on(t.surveyId, t.createdAt)],
);

// The LimeSurvey installation of a company (RemoteControl 2 JSON-RPC): the password is sealed with
// the same AES-GCM key as the two-factor secrets (auth/secret-box.ts).
export const limeConnections = sqliteTable('lime_connections', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  companyId: integer('company_id')
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  username: text('username').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
  lastError: text('last_error'),
  ...timestamps,
});

// A portal survey fed by a survey of the company's LimeSurvey installation: responses are fetched
// from `from_response_id` on (the first still-incomplete response of the last sync, else the
// highest id + 1), on the cron schedule when `sync_enabled`, and on demand.
export const limeSurveyLinks = sqliteTable(
  'lime_survey_links',
  {
    surveyId: integer('survey_id')
      .primaryKey()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => limeConnections.id, { onDelete: 'cascade' }),
    lsSid: integer('ls_sid').notNull(),
    fromResponseId: integer('from_response_id').notNull().default(1),
    syncEnabled: integer('sync_enabled', { mode: 'boolean' }).notNull().default(true),
    lastSyncedAt: integer('last_synced_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    lastResult: text('last_result', { mode: 'json' }).$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('lime_survey_links_connection_idx').on(t.connectionId)],
);

export const projectSurveys = sqliteTable(
  'project_surveys',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.surveyId] }), index('project_surveys_survey_idx').on(t.surveyId)],
);

// surveys_languagesettings: one row per language.
export const surveyLanguages = sqliteTable(
  'survey_languages',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    welcomeText: text('welcome_text').notNull().default(''),
    endText: text('end_text').notNull().default(''),
    url: text('url').notNull().default(''),
    settings: text('settings', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.language] })],
);

export const surveyGroups = sqliteTable(
  'survey_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    lsGid: integer('ls_gid'),
    sortOrder: integer('sort_order').notNull().default(0),
    relevance: text('relevance').notNull().default(''),
    randomizationGroup: text('randomization_group').notNull().default(''),
    names: text('names', { mode: 'json' }).$type<LangTexts>().notNull().default({}),
    descriptions: text('descriptions', { mode: 'json' }).$type<LangTexts>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('survey_groups_survey_idx').on(t.surveyId, t.sortOrder)],
);

/** Attribute value: a plain string, or per language when LimeSurvey marks it translatable. */
export type QuestionAttributes = Record<string, string | LangTexts>;

// Parent questions and subquestions in one table (LimeSurvey does the same: parent_qid).
export const surveyQuestions = sqliteTable(
  'survey_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => surveyGroups.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnySQLiteColumn => surveyQuestions.id, { onDelete: 'cascade' }),
    lsQid: integer('ls_qid'),
    type: text('type').notNull(),
    code: text('code').notNull(),
    scaleId: integer('scale_id').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    mandatory: text('mandatory').notNull().default('N'),
    other: integer('other', { mode: 'boolean' }).notNull().default(false),
    relevance: text('relevance').notNull().default(''),
    validation: text('validation').notNull().default(''),
    theme: text('theme').notNull().default(''),
    texts: text('texts', { mode: 'json' }).$type<LangTexts>().notNull().default({}),
    helps: text('helps', { mode: 'json' }).$type<LangTexts>().notNull().default({}),
    attributes: text('attributes', { mode: 'json' }).$type<QuestionAttributes>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('survey_questions_survey_idx').on(t.surveyId, t.parentId, t.sortOrder),
    index('survey_questions_group_idx').on(t.groupId),
    index('survey_questions_parent_idx').on(t.parentId, t.scaleId, t.sortOrder),
  ],
);

export const surveyAnswers = sqliteTable(
  'survey_answers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    scaleId: integer('scale_id').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    assessmentValue: integer('assessment_value').notNull().default(0),
    labels: text('labels', { mode: 'json' }).$type<LangTexts>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('survey_answers_question_code_unique').on(t.questionId, t.scaleId, t.code)],
);

// tokens_{sid} of LimeSurvey; attribute_1..n as JSON because their number differs per survey.
export const surveyTokens = sqliteTable(
  'survey_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    participantId: text('participant_id'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull().default(''),
    emailStatus: text('email_status').notNull().default('OK'),
    language: text('language'),
    blacklisted: text('blacklisted').notNull().default('N'),
    sent: text('sent').notNull().default('N'),
    reminderSent: text('reminder_sent').notNull().default('N'),
    reminderCount: integer('reminder_count').notNull().default(0),
    // 'N' or the completion date/time, as LimeSurvey stores it.
    completed: text('completed').notNull().default('N'),
    usesLeft: integer('uses_left').notNull().default(1),
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    attributes: text('attributes', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    // Set only on a participant LimeSurvey had no token for, who got a portal code at import: which
    // row of the .lst it was ('tid:<tid>', or 'who:<SHA-256 of e-mail, names>#<n>' for a file
    // without tids), so a re-import finds it instead of issuing another code (archive/import-tokens.ts).
    importKey: text('import_key'),
    ...timestamps,
  },
  // The token index serves /meedoen, where a respondent types a code without saying which survey.
  (t) => [
    uniqueIndex('survey_tokens_survey_token_unique').on(t.surveyId, t.token),
    index('survey_tokens_token_idx').on(t.token),
    uniqueIndex('survey_tokens_import_key_unique').on(t.surveyId, t.importKey),
  ],
);

// One row per response. Answers live in `answers` as one JSON object keyed by the canonical
// column key (Q1, Q1_SQ001, Q1_other …; see services/surveys/column-map.ts). Absent key = NULL
// (not shown), '' = shown but not answered: exactly LimeSurvey's distinction.
export const surveyResponses = sqliteTable(
  'survey_responses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    // 'id:<LimeSurvey response id>' or 'sha:<row hash>' for plain files without ids: re-imports add nothing.
    externalKey: text('external_key').notNull(),
    responseId: integer('response_id'),
    token: text('token'),
    submitDate: text('submit_date'),
    startDate: text('start_date'),
    dateStamp: text('date_stamp'),
    startLanguage: text('start_language'),
    lastPage: integer('last_page'),
    seed: text('seed'),
    answers: text('answers').notNull(),
    importJobId: integer('import_job_id'),
    // Fixed random 32-bit key (0 … 2³²−1) for cell-key perturbation (docs/perturbation.md): set by the
    // trigger survey_responses_record_key on insert (migration 0013), never changed, never sent out.
    recordKey: integer('record_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('survey_responses_key_unique').on(t.surveyId, t.externalKey),
    index('survey_responses_survey_submit_idx').on(t.surveyId, t.submitDate),
  ],
);

export const surveysRelations = relations(surveys, ({ one, many }) => ({
  company: one(companies, { fields: [surveys.companyId], references: [companies.id] }),
  languages: many(surveyLanguages),
  groups: many(surveyGroups),
  questions: many(surveyQuestions),
  projectSurveys: many(projectSurveys),
}));
export const surveyLanguagesRelations = relations(surveyLanguages, ({ one }) => ({
  survey: one(surveys, { fields: [surveyLanguages.surveyId], references: [surveys.id] }),
}));
export const projectSurveysRelations = relations(projectSurveys, ({ one }) => ({
  survey: one(surveys, { fields: [projectSurveys.surveyId], references: [surveys.id] }),
  project: one(projects, { fields: [projectSurveys.projectId], references: [projects.id] }),
}));
export const surveyGroupsRelations = relations(surveyGroups, ({ one, many }) => ({
  survey: one(surveys, { fields: [surveyGroups.surveyId], references: [surveys.id] }),
  questions: many(surveyQuestions),
}));
export const surveyQuestionsRelations = relations(surveyQuestions, ({ one, many }) => ({
  survey: one(surveys, { fields: [surveyQuestions.surveyId], references: [surveys.id] }),
  group: one(surveyGroups, { fields: [surveyQuestions.groupId], references: [surveyGroups.id] }),
  answers: many(surveyAnswers),
}));
export const surveyAnswersRelations = relations(surveyAnswers, ({ one }) => ({
  question: one(surveyQuestions, { fields: [surveyAnswers.questionId], references: [surveyQuestions.id] }),
}));
