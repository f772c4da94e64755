export * from './roles';
export * from './branches';
export * from './clients';
export * from './users';
export * from './reps';
export * from './audit';
export * from './mail';
export * from './products';
