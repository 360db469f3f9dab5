export { teardown as default } from './databaseServer';
