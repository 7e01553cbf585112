// The API version the client checks against its required range (spec auth-and-session §5: the
// client warns when the server does not satisfy >=1.40.1). Bump with every API change.
export const API_VERSION = '1.45.0';
