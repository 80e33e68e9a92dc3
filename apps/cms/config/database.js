// PostgreSQL only: the `cms` database on the platform's PostgreSQL (the API supervisor creates it).
module.exports = ({ env }) => {
  const url = env('DATABASE_URL');
  return {
    connection: {
      client: 'postgres',
      connection: url
        ? { connectionString: url, ssl: env.bool('DATABASE_SSL', false) }
        : {
            host: env('DATABASE_HOST', '127.0.0.1'),
            port: env.int('DATABASE_PORT', 5432),
            database: env('DATABASE_NAME', 'cms'),
            user: env('DATABASE_USERNAME', 'postgres'),
            password: env('DATABASE_PASSWORD', ''),
            ssl: env.bool('DATABASE_SSL', false),
          },
      pool: { min: 0, max: env.int('DATABASE_POOL_MAX', 5) },
      acquireConnectionTimeout: 30000,
    },
  };
};
