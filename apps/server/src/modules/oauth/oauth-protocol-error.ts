/**
 * An RFC 6749 §5.2 error from a protocol endpoint (token, revocation, userinfo). Sent as
 * `{error, error_description}` with its HTTP status; never an envelope.
 */
export class OAuthProtocolError extends Error {
  override name = 'OAuthProtocolError';
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'invalid_token'
      | 'server_error',
    readonly description: string,
    readonly status = 400,
    /** RFC 6750 §3 / RFC 6749 §5.2: the challenge for 401 answers. */
    readonly wwwAuthenticate?: string,
  ) {
    super(description);
  }
}
