-- The roles and the database, made once by a PostgreSQL superuser:
--   runuser -u postgres -- psql -v ON_ERROR_STOP=1 -v owner_password=… -v web_password=… -v replica_password=… -f roles.sql
--
-- workshift      owns the tables: migrations, LISTEN, backups. Connects straight to PostgreSQL (DATABASE_URL).
-- workshift_app  the role every query of the app runs as; row-level security applies to it. Never logs in.
-- workshift_web  the app's login through PgBouncer and on the replica (DATABASE_POOL_URL, DATABASE_READ_URL):
--                a plain member of workshift_app, so whichever server session PgBouncer hands it, it can
--                see nothing row-level security would hide. The server refuses a superuser or the owner there.
-- replicator     streams the write-ahead log to a replica (pg_basebackup, primary_conninfo).
-- CREATEROLE only for the first migration, which makes sure workshift_app exists; once it ran:
--   alter role workshift nocreaterole;
create role workshift login createrole password :'owner_password';
create role workshift_app nologin nosuperuser nobypassrls;
grant workshift_app to workshift;
create role workshift_web login password :'web_password' nosuperuser nobypassrls in role workshift_app;
create role replicator login replication password :'replica_password';
create database workshift owner workshift;
