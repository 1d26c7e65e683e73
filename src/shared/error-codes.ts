// Every `code` an error body of the API can carry. The server's error helpers take only these, so a new
// code is added here first; the client branches on them (never on the message), so a typo in either
// fails type-checking.

export const ERROR_CODES = [
  // Requests the server could not take as they were sent
  'bad_request', // a malformed request with no more precise code (the framework's own 4xx included)
  'validation_failed', // one or more fields are wrong: `errors` names each one with its message
  'invalid_json', // the body is not valid JSON
  'unsupported_media_type', // the body's content type is not one this route reads
  'body_too_large', // the body is larger than the server takes (1 MiB)
  'not_acceptable', // the Accept header asks for nothing this route can answer
  'route_not_found', // no route has this method and path
  'method_not_allowed', // the route exists but does not take this method
  'not_found', // something asked for does not exist (no more precise code)
  'conflict', // the change clashes with the current state (no more precise code)
  'bad_host', // the Host header is not a valid address

  // The server's side
  'internal_error', // an unexpected failure; the details are only in the server's log
  'database_unavailable', // the database does not answer; retry after Retry-After
  'storage_full', // the database's disk is full; nothing was written
  'migrations_pending', // the database has not got every migration of this build yet (readiness)
  'reference_gone', // a row this change points to was removed meanwhile
  'write_conflict', // a change at the same moment to the same rows rolled this one back; nothing was written, try again
  'rate_limited', // too many attempts; wait the given seconds

  // Idempotency keys
  'idempotency_key_reused', // the key was already used for a different request
  'idempotency_key_in_use', // the first request with this key is still running
  'idempotency_outcome_unknown', // the first request with this key was cut off before its answer was kept

  // Signing in and access
  'unauthorized', // not signed in, or the session or token is no longer valid
  'forbidden', // signed in, but this member may not do this
  'invalid_credentials', // wrong email or password
  'temporary_password_expired', // the administrator-set temporary password is too old to sign in with
  'password_change_required', // the temporary password must be changed before anything else
  'password_sign_in_disabled', // only single sign-on is allowed on this server
  'session_required', // this call needs a web session, not an API token
  'insufficient_scope', // the API token lacks the scope this call needs
  'api_token_required', // the MCP endpoint takes a personal API token only
  'email_taken', // another account has this email

  // API tokens
  'scope_not_allowed', // a token cannot have a scope beyond its owner's role
  'expiry_not_allowed', // only administrators may create tokens that never expire
  'too_many_tokens', // the member already has the most tokens allowed
  'token_not_found', // no such token (or not the member's own)

  // Users
  'user_not_found', // no such user
  'last_admin', // the last administrator cannot be demoted or deleted
  'self_delete', // administrators cannot delete their own account

  // Prompts, versions and the trash
  'prompt_not_found', // no such prompt, or this member cannot see it
  'version_not_found', // no such version of the prompt
  'duplicate_title', // another prompt has this title
  'title_taken', // restoring would clash with a prompt of the same title
  'trash_not_found', // no such prompt in the trash
  'download_link_invalid', // the export link expired or was already used

  // Suggested edits
  'suggestion_not_found', // no such suggestion, or this member may not read it
  'suggestion_decided', // the suggestion was already accepted or declined
  'too_many_suggestions', // the member already has the most open suggestions allowed on the prompt

  // Collections
  'collection_not_found', // no such collection, or this member cannot see it
  'collection_name_taken', // the owner already has a collection with this name
  'collection_full', // the collection already holds the most prompts allowed

  'snippet_not_found', // no such snippet, or this member cannot see it
  'snippet_name_taken', // another snippet has this name (in any case)
  'snippet_in_use', // prompts or snippets still include the snippet
  'snippet_unresolved', // the text includes a snippet that is missing, loops or nests too deep

  'ai_not_configured', // test runs are off: the server has no AI gateway (AI_BASE_URL)
  'ai_gateway_error', // the AI gateway refused the run or could not be reached
  'ai_gateway_timeout', // the AI gateway did not answer in time
  'ai_run_limit', // the member has used today's test runs

  // Catalog: business units, AI applications, tags, form fields
  'business_unit_exists', // another business unit has this name
  'business_unit_not_found', // no such business unit
  'business_unit_referenced', // users or prompts still refer to the unit
  'ai_model_exists', // another AI application has this name
  'ai_model_not_found', // no such AI application
  'ai_model_in_use', // prompts still name the AI application
  'tag_not_found', // no such tag
  'tag_is_only_tag', // removing the tag would leave prompts without any tag
  'field_name_taken', // another form field has this name
  'form_field_not_found', // no such form field
  'core_field', // title and content cannot be deleted

  // Import and backup
  'import_invalid_rows', // rows of the file are invalid, so nothing was imported
  'import_conflict', // a prompt with one of the file's titles was saved meanwhile
  'import_too_large', // the import file is larger than allowed
  'backup_not_embedded', // backups are for the embedded database only
  'backup_running', // another backup is still being written

  // Model Context Protocol endpoint
  'invalid_mcp_message', // the body is not a JSON-RPC 2.0 message

  // Single sign-on
  'sso_not_configured', // single sign-on is not set up on this server
  'sso_unavailable', // the identity provider could not be reached
  'sso_code_invalid', // the hand-over code expired or was already used
  'sso_browser_mismatch', // the sign-in was started in another browser
  'sso_account_conflict', // the email is linked to another single sign-on identity
  'sso_failed', // the identity provider's answer could not be used
  'sso_retry', // the account was being created by another sign-in at the same moment
  'business_unit_required', // a new account needs a business unit before it can be created
] as const;

/** A stable error code of the API. */
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
