-- Receipts have been numbered by the receipts_number trigger from receipt_counters since 0022; the sequence
-- stayed for the processes of the version before during that deploy, and nothing has used it since.
DROP SEQUENCE IF EXISTS "receipt_number_seq";
