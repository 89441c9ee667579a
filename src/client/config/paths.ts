// The route table lives in src/shared so the server can answer 404 for paths the app does not know.
export * from '../../shared/paths';
