// The prompt query engine: which prompts a list holds, how many, and one page of them. A request reads
// top-down through its files, each importing only those after it:
//   query.page.ts (one list page) → query.count.ts (counts; what a search matches) and query.plan.ts
//   (how the page is read) → query.statements.ts (the page's statements) → query.sql.ts (WHERE, counts)
//   → query.parse.ts (search words, cursor) → query.visibility.ts (who may see which prompt).
// Other modules import from this file only.

export { listPromptPage, type ListOptions, type ListPage } from './query.page';
export { type Counted, countPrompts, resolvePromptWhere } from './query.count';
export { facetStats, filterKeyConditions, narrowAudience } from './query.plan';
export { ITEM_SOURCES, itemJson, pageStatement } from './query.statements';
export { cappedCount, COUNT_CAP, literalInt, promptWhere, type RunStatement, runStatement, statusRowCondition, toTotal, VERIFIED_BOOST } from './query.sql';
export { accessKeys, type Audience, audienceOf, audienceParts, type AudienceViewer, listedFor, seenBy, visibleTo } from './query.visibility';
export { type Cursor, decodeCursor, encodeCursor, invalidCursor, isTimestamp, searchTerms } from './query.parse';
