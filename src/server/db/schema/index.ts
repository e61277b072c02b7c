export * from './companies';
export * from './projects';
export * from './users';
export * from './mail';
