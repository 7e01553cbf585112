export * from './password';
export * from './email';
export * from './mfa';
