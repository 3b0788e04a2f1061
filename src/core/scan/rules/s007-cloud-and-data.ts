import { oncePerText, oncePerTextAndKey } from './once-per-text.js';
import { ASKS, confirmsHighImpact, devOnly, SEED_FILE, reseeds, overListing } from './s007-vocabulary.js';
import type { Detector } from './scan-rule.js';
import { unitWindow } from './unit-window.js';

/** `${DB}`, `{args.schema}`: a name held in a variable or an argument the unit never sets to a literal name. */
const PARAMETER = String.raw`(?:\$\d|%s|\?|:\w{1,30}|@\w{1,30})(?![\w$])`;
/** `WHERE datname = $1 OR datname LIKE $1 || '\_br\_%'`: each term the given name, or the given name and a suffix; nothing else. */
const CALLERS_DATABASE = new RegExp(
  String.raw`^\s{1,4}WHERE\s{1,4}datname\s{0,4}=\s{0,4}${PARAMETER}(?:\s{1,4}OR\s{1,4}datname\s{1,4}(?:=|LIKE)\s{0,4}${PARAMETER}(?:\s{0,4}\|\|\s{0,4}'[^'\n]{1,40}')?){0,3}\s{0,4}(?:[\x60"';)]|,|$)`,
  'i',
);
/** Every listing of the server's databases in the unit narrowed to a name a parameter gives (`WHERE datname = $1`). */
const listsOnlyCallersDatabase = oncePerText((unitText: string): boolean => {
  const listings = [...unitText.matchAll(/\bFROM\s{1,4}pg_database\b([^\n]{0,80})/gi)];
  return listings.length > 0 && listings.every((l) => CALLERS_DATABASE.test(l[1]!));
});

const callerNamed = oncePerTextAndKey((unitText: string, name: string): boolean => {
  const variable = /^(?:\$\{?|\{)([\w.]{1,60})/.exec(name)?.[1];
  if (!variable) return false;
  const last = variable.split('.').pop()!;
  // A loop variable (`for db in …`, `while read db`, `for s in victims:`) walks a list: every name in it, not the one the user gave.
  if (
    new RegExp(
      String.raw`\bfor\s{1,4}(?:\(?\s{0,2}\w{1,40}\s{0,2},\s{0,2})?${last}\b[^\n]{0,40}\bin\b|\bread\s{1,4}(?:-\w{1,3}\s{1,4}){0,3}${last}\b|\.forEach\s{0,4}\(\s{0,4}\(?\s{0,4}${last}\b`,
    ).test(unitText)
  )
    return false;
  return !new RegExp(
    String.raw`(?:^|[\s;&])${variable.replace(/\./g, '\\.')}\s{0,2}=\s{0,2}["']?[A-Za-z_][\w-]{0,80}["']?(?=[\s;]|$)|\b${last}\s{0,2}=\s{0,2}["'][\w-]{1,80}["']`,
    'm',
  ).test(unitText);
});

/** A name as written, or the value the unit gives the variable that holds it (`DB=restore_drill` … `${DB}`). */
const valueOf = oncePerTextAndKey((unitText: string, name: string): string => {
  const variable = /^\$\{?(\w{1,60})/.exec(name)?.[1];
  if (!variable) return name;
  return new RegExp(String.raw`(?:^|[\s;&])${variable}=["']?([\w.-]{1,80})`, 'm').exec(unitText)?.[1] ?? name;
});

/** A client, a connection string or a production name on the line: where a statement would run. */
const NAMES_CONNECTION = /\b(?:psql|mysql|sqlcmd|sqlite3|prod\w{0,20})\b|\$\{?\w{0,40}(?:URL|DSN|HOST|CONN\w{0,10})\b|:\/\//i;

/**
 * A program that stops unless the database it connects to is on this machine (`if host !in setOf("localhost",
 * "127.0.0.1") … exitProcess(2)`, `if host not in ("localhost", "127.0.0.1"): sys.exit(…)`): what it resets is local.
 */
const REFUSES_REMOTE =
  /\b(?:if|unless|when|guard)\b[^\n]{0,120}?(?:!=|!==|not\s{1,4}in|!in|!\s{0,2}\[?\s{0,2}["'](?:localhost|127\.0\.0\.1)|-ne)\s{0,4}[^\n]{0,40}?(?:localhost|127\.0\.0\.1)[^\n]{0,200}(?:\n[^\n]{0,200}){0,2}?\b(?:exit(?:Process)?|sys\.exit|raise|throw|abort|die|panic|process\.exit|return\s{1,4}(?:1|2|-1|false|Err))\b/;

/** A condition that the name ends in a throwaway word (a test, scratch or drill copy), written as a shell, PowerShell or Python test. */
const THROWAWAY_SUFFIX_GUARD =
  /(?:-like|-match|==|\bendswith\s{0,4}\(|\bends_with\??\s{0,4}\(|\bendsWith\s{0,4}\()\s{0,4}\(?\s{0,4}["']\*?[_-]?\w{0,20}(?:test|dev|scratch|tmp|temp|sandbox|drill|ephemeral|preview)\$?["']/i;

/** Whether a unit names production; read once per unit. */
const namesProduction = oncePerText((text) => /\bprod(?:uction)?\b/i.test(text));

/** The unit queries with an empty query (`list(userId, "")`, `q=""`): everything there is; read once per unit. */
const queriesEverything = oncePerText((text) =>
  /\(\s{0,4}\w{1,40}\s{0,4},\s{0,4}["']{2}\s{0,4}\)|\b(?:q|query)\s{0,4}=\s{0,4}["']{2}|\bin:anywhere\b/.test(text),
);

/** Words of a name that say the thing is made to be thrown away (a dev, test, preview or ephemeral copy). */
const THROWAWAY_WORD =
  /^(?:dev|development|test|testing|local|tmp|temp|scratch|sandbox|example|demo|sample|preview|pr|ci|e2e|drill|restore|ephemeral|throwaway)$/i;
/** Words that say the thing is what users depend on, whatever else the name says. */
const KEPT_WORD = /^(?:prod|production|live|main|master|primary|backups?|archive|customers?|users?)$/i;

/** A name with a throwaway word among its parts (`acme-preview-pr-$PR-assets`, `app_test`) and none that says it is kept. */
function throwaway(name: string): boolean {
  // A variable whose value is not in the text is known by its name (`$DEV_DB`, `${TEST_BUCKET}`), as a value would be.
  const bare = /^\$\{?\w{1,60}\}?$/.test(name) ? name.replace(/[${}]/g, '') : name;
  const words = bare.split(/[-_.]+/).filter((w) => w && !w.includes('$') && !w.includes('{'));
  return words.some((w) => THROWAWAY_WORD.test(w)) && !words.some((w) => KEPT_WORD.test(w));
}

/** Databases, buckets, clusters and cloud projects deleted in bulk or in production. */

/** The AWS CLI pointed at an emulator on this machine, for the whole script or on the command. */
const LOCAL_S3_ENDPOINT =
  /\b(?:AWS_ENDPOINT_URL(?:_S3)?\s{0,4}=\s{0,4}["']?|--endpoint-url[=\s]{1,4}["']?)https?:\/\/(?:localhost|127\.0\.0\.1|localstack|minio)(?::\d{2,5})?\b/i;

export const CLOUD_AND_DATA_DETECTORS: readonly Detector[] = [
  {
    // `ALTER TABLE audit_log DISABLE TRIGGER ALL; DELETE FROM audit_log WHERE actor = current_user AND created_at > now() -
    // interval '2 hours'`: the record of what was just done, erased. Rows past a retention period, a tenant's rows, a dev
    // database's table dropped or truncated are housekeeping.
    id: 'audit-trail-erased',
    keywords: ['audit'],
    capabilities: ['destruction', 'concealment'],
    level: 'MEDIUM',
    re: /\bDELETE\s{1,4}FROM\s{1,4}["`]?[\w.]{0,40}audit\w{0,40}["`]?\s{1,4}WHERE\b(?<where>[^;\n]{0,200})|\bALTER\s{1,4}TABLE\s{1,4}["`]?[\w.]{0,40}audit\w{0,40}["`]?\s{1,4}DISABLE\s{1,4}TRIGGER\b/i,
    // Its triggers switched off alone (a bulk load may do that) hides what follows; rows deleted are gone.
    accept: (m) =>
      /\bDISABLE\s{1,4}TRIGGER\b/i.test(m[0])
        ? { level: 'MEDIUM', capabilities: ['concealment'] }
        : // The rows of whoever runs it, or of the last hours: its own tracks. A tenant's or an old period's rows are housekeeping.
          /\b(?:current_user|session_user|user\s{0,4}\(\s{0,4}\))|[>]=?\s{0,4}(?:now\s{0,4}\(\s{0,4}\)|current_timestamp|current_date)/i.test(
            m.groups?.where ?? '',
          ),
    why: 'Erases the audit trail of what was just done, so the change cannot be reviewed or traced.',
  },
  {
    id: 'cloud-and-database-wipe',
    keywords: [
      'drop',
      'truncate',
      'dropdatabase',
      'flushall',
      'aws',
      'gsutil',
      'gcloud',
      '^az$',
      'kubectl',
      'terraform',
      'terragrunt',
      'tofu',
      'pulumi',
      'remove-az',
      'heroku',
      'doctl',
      'rclone',
      'supabase',
      'firebase',
      '^bq$',
    ],
    re: /\bbq\s{1,4}rm\b[^;&|\n]{0,80}?\s-[a-zA-Z]{0,4}r[a-zA-Z]{0,4}\b[^;&|\n]{0,120}|\bDROP\s{1,4}(?:DATABASE|SCHEMA)\b(?:\s{1,4}IF\s{1,4}EXISTS)?\s{0,4}(?:\\?[`"'[])?((?:\$\{?|\{|<)?[\w.-]{0,80})|\bTRUNCATE\b[^;\n]{0,200}\bCASCADE\b|\.dropDatabase\s{0,4}\(|\bFLUSHALL\b|\baws\s{1,4}s3\s{1,4}(?:rm\b[^;&|\n]{0,200}--recursive[^;&|\n]{0,100}|rb\b[^;&|\n]{0,200}--force)|\bgsutil\s{1,4}(?:-m\s{1,4})?rm\s{1,4}-[a-zA-Z]{0,3}r[^;&|\n]{0,200}|\bgcloud\s{1,4}(?:projects|sql\s{1,4}instances|compute\s{1,4}instances)\s{1,4}delete\b|\baz\s{1,4}group\s{1,4}delete\b|\bkubectl(?:\s{1,4}--?[\w-]{1,30}(?:[=\s]{1,4}(?:"[^"\n]{0,120}"|[^\s"]{1,120}))?){0,4}\s{1,4}delete\b[^;&|\n]{0,120}?(?:--all\b|\s(?:ns|namespace|namespaces)\s)[^;&|\n]{0,80}|\b(?:terraform|terragrunt|tofu)\s{1,4}(?:run-all\s{1,4})?destroy\b[^;&|\n]{0,80}?-auto-approve|\bpulumi\s{1,4}destroy\b[^;&|\n]{0,80}?\s(?:--yes|-y)\b|\bRemove-Az(?:ResourceGroup|Subscription)\b[^;|\n]{0,120}?\s-Force\b|\bheroku\s{1,4}apps:destroy\b|\bdoctl\b[^;&|\n]{0,80}\bdelete\b[^;&|\n]{0,80}--force|\brclone\s{1,4}(?:purge|delete)\b|\bsupabase\s{1,4}db\s{1,4}reset\b[^;&|\n]{0,80}--linked|\bfirebase\s{1,4}firestore:delete\b[^;&|\n]{0,80}--all-collections/i,
    // Everything at once (a whole bucket, every namespace, a project, a database not named for development) is HIGH;
    // a prefix, a named namespace or a development database the task names is a step of the task.
    accept: (m, c) => {
      const t = m[0];
      if (
        /\bDROP\s{1,4}(?:DATABASE|SCHEMA)\b|\bTRUNCATE\b/i.test(t) &&
        // A SQL file of a test suite's fixtures is what the suite loads into its own database.
        (devOnly(c.unitText) || reseeds(t, c.unitText) || SEED_FILE.test(c.path))
      )
        return 'MEDIUM';
      // No database named (`DROP DATABASE IF EXISTS` quoted as a step of a procedure, or `<name>`): nothing it could drop as written.
      if (
        /\bDROP\s{1,4}DATABASE\b/i.test(t) &&
        (!m[1] || m[1].startsWith('<')) &&
        /^\s{0,2}(?:[\x60,)>]|$)/.test(c.text.slice(m.index + t.length))
      )
        return 'MEDIUM';
      // A name the caller gives (an argument, a variable the step derives and never sets to a name of its own): the one the user chose.
      if (/\bDROP\s{1,4}(?:DATABASE|SCHEMA)\b/i.test(t) && callerNamed(c.unitText, m[1] ?? '') && !overListing(c.unitText)) return 'MEDIUM';
      // The databases dropped are those a listing picks by the name the caller gives (`FROM pg_database WHERE datname = $1 OR
      // datname LIKE $1 || '_br_%'`): that database and its own copies, not the server's.
      if (/\bDROP\s{1,4}DATABASE\b/i.test(t) && listsOnlyCallersDatabase(c.unitText)) return 'MEDIUM';
      // Only when the name ends in a throwaway word (`if ($db -like '*_restoretest')`, `db.endswith("_scratch")`): that copy alone.
      if (/\bDROP\s{1,4}DATABASE\b/i.test(t) && THROWAWAY_SUFFIX_GUARD.test(c.unitText)) return 'MEDIUM';
      // Each one asked about just before (`if IO.gets("drop snapshot #{name}? [y/N] ") == "y"`): the user picks what goes.
      if (/\bDROP\s{1,4}DATABASE\b/i.test(t)) {
        const before = unitWindow(c, m.index, 300, 0);
        if (ASKS.test(before) || confirmsHighImpact(c.unitText, before)) return 'MEDIUM';
      }
      if (/\bDROP\s{1,4}DATABASE\b/i.test(t)) return throwaway(valueOf(c.unitText, m[1] ?? '')) ? 'MEDIUM' : 'HIGH';
      // A schema reset on the local development database is a step of the task; on whatever a URL points to, it is not.
      // A schema reset quoted in a sentence (`This runs: \`DROP SCHEMA public CASCADE; CREATE SCHEMA public;\``) names no database to run on.
      if (/\bDROP\s{1,4}SCHEMA\b/i.test(t) && c.kind === 'inline' && !NAMES_CONNECTION.test(c.text)) return 'MEDIUM';
      if (/\bDROP\s{1,4}SCHEMA\b|\bTRUNCATE\b/i.test(t))
        return /\b(?:docker|localhost|127\.0\.0\.1|\w{1,40}_(?:dev|test|local)\b|sqlite)/i.test(c.text) || REFUSES_REMOTE.test(c.unitText)
          ? 'MEDIUM'
          : 'HIGH';
      // A loop over what a cloud CLI lists (`for ds in $(bq ls …)`): every dataset, bucket or namespace there is.
      if (overListing(c.unitText)) return 'HIGH';
      if (/\bbq\b/i.test(t)) return 'MEDIUM';
      // A whole bucket emptied is HIGH, unless the bucket is a placeholder for the one the task made or named as throwaway.
      // Against an emulator on this machine (`export AWS_ENDPOINT_URL=http://localhost:4566`, `--endpoint-url
      // http://127.0.0.1:9000`): LocalStack's or MinIO's test bucket, not an account's.
      if (/\baws\s{1,4}s3\b/i.test(t) && LOCAL_S3_ENDPOINT.test(c.fileText ?? c.unitText)) return 'MEDIUM';
      if (/\baws\s{1,4}s3\s{1,4}rm\b/i.test(t)) {
        const bucket = /s3:\/\/["']?([^/\s"']{1,100})\/?["']?(?:\s|$)/.exec(t)?.[1];
        return bucket && !/^<[^<>]{1,80}>$/.test(bucket) && !throwaway(valueOf(c.unitText, bucket)) ? 'HIGH' : 'MEDIUM';
      }
      if (/\bgsutil\b/i.test(t)) return 'MEDIUM';
      // Every namespace, or everything across namespaces, is HIGH; `--all` of named kinds inside one namespace is a cleanup there.
      if (/\bkubectl\b/i.test(t))
        return /--all-namespaces\b|\s-A\b|\s(?:ns|namespace|namespaces)\s[^;&|\n]{0,80}--all\b/.test(t) ||
          (/--all\b/.test(t) && !/\s(?:-n|--namespace)[=\s]{1,4}[\w-]{1,60}/.test(t))
          ? 'HIGH'
          : 'MEDIUM';
      // Infrastructure as code destroys what its own configuration manages (a preview stack, a sandbox): the project's,
      // unless it reaches every stack below (`run-all`) or production.
      if (/\b(?:terraform|terragrunt|tofu|pulumi)\b/i.test(t))
        return /\brun-all\b/i.test(t) || namesProduction(c.unitText) ? 'HIGH' : 'MEDIUM';
      return 'HIGH';
    },
    why: 'Deletes databases, buckets, clusters or cloud projects in bulk: beyond recovery, and beyond the task.',
  },
  {
    // A drop, destroy or reset aimed at production by a flag (`--target prod`): the data users depend on, in one step.
    id: 'destroys-production',
    keywords: ['prod', 'production'],
    level: 'MEDIUM',
    // `dbt build --full-refresh --target prod` drops and rebuilds every production table it touches.
    re: /\b(?:drop|delete|destroy|truncate|purge|wipe|reset)[\w-]{0,30}\b[^;&|\n]{0,200}?\s--?(?:target|env|environment|stage|profile|context|project)[=\s]{1,4}["']?prod(?:uction)?\b|\bdbt\s{1,4}(?:run|build|seed)\b(?=[^;&|\n]{0,200}?\s--full-refresh\b)[^;&|\n]{0,200}?\s--target[=\s]{1,4}["']?prod(?:uction)?\b/i,
    why: 'Drops, destroys or resets something in production: beyond recovery, and beyond the task.',
  },
  {
    // A loop over every bucket of the account that deletes in it (`for b in s3.list_buckets()…: aws s3 rm s3://{b} --recursive`).
    id: 'delete-in-every-bucket',
    keywords: ['list_buckets', 'listbuckets', 'list-buckets'],
    scope: 'unit',
    level: 'HIGH',
    re: /\bfor\s{1,4}\w{1,40}\s{1,4}(?:in|of)\s{1,4}[^\n]{0,80}?(?:list_buckets|ListBucketsCommand|listBuckets|list-buckets)\b/,
    requires:
      /\bdelete_bucket\b|\bdelete_objects\b|\bDeleteBucketCommand\b|["']s3["']\s{0,4},\s{0,4}["'](?:rm|rb)["']|\baws\s{1,4}s3\s{1,4}(?:rm|rb)\b/,
    why: 'Deletes in every bucket of the account, not the one the task is about: beyond recovery, and beyond the task.',
  },
  {
    // Cloud and mail SDKs: every object, every version, the bucket itself, every message.
    id: 'sdk-bulk-delete',
    keywords: [
      '.delete',
      'batchdelete',
      'deletemany',
      'drop_all',
      'dropdatabase',
      'delete_bucket',
      'delete_objects',
      'emptytrash',
      '.clear',
    ],
    // `calendars().clear(calendarId=…)` removes every event of a calendar (the Calendar API's own words).
    re: /\bcalendars\s{0,4}\(\s{0,4}\)\s{0,4}\.clear\s{0,4}\(|\.objects\.all\s{0,4}\(\s{0,4}\)\.delete\s{0,4}\(|\.object_versions\.(?:all\s{0,4}\(\s{0,4}\)\.)?delete\s{0,4}\(|\.delete_bucket\s{0,4}\(|\.batchDelete\s{0,4}\(|\.delete_objects\s{0,4}\(|\bdeleteMany\s{0,4}\(\s{0,4}\{\s{0,4}\}\s{0,4}\)|\.drop_all\s{0,4}\(|\.dropDatabase\s{0,4}\(|\.emptyTrash\s{0,4}\(/,
    // A batch delete of a selection is housekeeping; of everything (an empty query), it is the whole mailbox or bucket.
    accept: (m, c) => (/\.batchDelete|\.delete_objects|\.emptyTrash/.test(m[0]) && !queriesEverything(c.unitText) ? 'MEDIUM' : 'HIGH'),
    why: 'Deletes every object, version, bucket, record or message through a cloud or mail API: beyond recovery, and beyond the task.',
  },
  {
    // Rails refuses to drop a production database unless told `DISABLE_DATABASE_ENVIRONMENT_CHECK=1`: switched off
    // around `db:drop` it is the production guard removed. Only for an environment written out as development or test
    // (`RAILS_ENV=test`) is it a reset of a throwaway copy.
    id: 'environment-check-switched-off',
    keywords: ['disable_database_environment_check'],
    scope: 'unit',
    re: /\bDISABLE_DATABASE_ENVIRONMENT_CHECK\b["']?\s{0,4}(?:=>|=|:)\s{0,4}["']?(?:1|true|yes)\b/i,
    requires: /\bdb:(?:drop|reset|purge|schema:load|structure:load|truncate_all|setup)\b/,
    accept: (_m, c) =>
      /\bRAILS_ENV\b["']?\s{0,4}(?:=>|=|:)\s{0,4}["']?(?:development|test|dev)\b/i.test(c.unitText) &&
      !/\bRAILS_ENV\b["']?\s{0,4}(?:=>|=|:)\s{0,4}(?!["']?(?:development|test|dev)\b)/i.test(c.unitText)
        ? 'MEDIUM'
        : 'HIGH',
    why: "Switches off Rails' refusal to drop a production database, then drops: beyond recovery, and beyond the task.",
  },
  {
    // An ORM's reset (drop every table, re-run the migrations) pointed at a shared database by its variable's name
    // (`DATABASE_URL="$STAGING_DATABASE_URL" prisma migrate reset --force`): a local reset is routine; staging's or production's data is gone.
    id: 'reset-shared-database',
    keywords: ['migrate reset', 'db:reset', 'db:drop', 'migrate:fresh', 'flush'],
    re: /\b(?:DATABASE_URL|DB_URL|DATABASE|POSTGRES_URL|MYSQL_URL)=["']?\$\{?\w{0,40}(?:STAGING|STAGE|PROD|PRODUCTION|LIVE)\w{0,40}\}?["']?\s[^;&|\n]{0,120}?\b(?:prisma\s{1,4}migrate\s{1,4}reset|(?:rails|rake)\s{1,4}db:(?:reset|drop)|artisan\s{1,4}migrate:fresh|manage\.py\s{1,4}flush|sequelize\s{1,4}db:drop)\b/i,
    level: 'HIGH',
    why: 'Resets a shared database (staging, production) through its ORM: every table dropped and rebuilt, its data beyond recovery.',
  },
  {
    // A schema forced onto a database whatever it drops (`prisma db push --accept-data-loss`, `--force-reset`): a step a
    // developer takes on a scratch database; with "do not stop to ask" or hiding, columns and rows go unseen.
    id: 'schema-push-accepting-data-loss',
    keywords: ['accept-data-loss', 'force-reset'],
    evidenceOnly: true,
    capabilities: ['destruction'],
    re: /\bprisma\s{1,4}db\s{1,4}push\b[^;&|\n]{0,120}?--(?:accept-data-loss|force-reset)\b/,
  },
  {
    // A loop over everything a client lists, deleting each (`for m in c.search_registered_models(): c.delete_registered_model(m.name)`).
    id: 'delete-every-listed',
    keywords: ['delete_', '.delete'],
    scope: 'unit',
    reads: ['code'],
    re: /\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}[\w.]{1,80}\.(?:search|list)_?\w{0,40}\s{0,4}\(\s{0,4}\)\s{0,4}:\s{0,4}\n?\s{0,40}[\w.]{1,80}\.delete_?\w{0,40}\s{0,4}\(\s{0,4}\1\b/,
    why: 'Deletes every object a client lists (models, runs, buckets, records): beyond recovery, and beyond the task.',
  },
  {
    // A database deleted with no final snapshot (and its automated backups): nothing left to restore from.
    id: 'database-deleted-without-backup',
    keywords: ['skip-final-snapshot', 'skipfinalsnapshot', 'delete-automated-backups'],
    re: /\b(?:delete-db-(?:instance|cluster)|DeleteDBInstance|DeleteDBCluster|delete_db_(?:instance|cluster))\b[^;|]{0,400}?(?:--skip-final-snapshot|SkipFinalSnapshot\s{0,4}[=:]\s{0,4}True)\b[^;|\n]{0,200}/i,
    accept: (m, c) =>
      /--delete-automated-backups|DeleteAutomatedBackups\s{0,4}[=:]\s{0,4}True/i.test(m[0]) || overListing(c.unitText) ? 'HIGH' : 'MEDIUM',
    why: 'Deletes a database without a final snapshot and with its backups: beyond recovery.',
  },
];
