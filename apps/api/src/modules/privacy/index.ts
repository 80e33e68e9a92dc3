// Privacy (PDPA): the terms and privacy notice in versions and their acceptance, consent history, a learner's
// data export, closing an account (erasure after a cool-off), the data-request queue, and retention jobs.
// docs/privacy.md says what each table keeps, erases or anonymises, and why.
