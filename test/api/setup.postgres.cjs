process.env.API_DATABASE = 'postgres';
