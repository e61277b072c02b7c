export * from './charts';
export * from './data';
export * from './files';
export * from './status';
export * from './widgets';
