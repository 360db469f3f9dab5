process.env.API_DATABASE = 'pglite';
