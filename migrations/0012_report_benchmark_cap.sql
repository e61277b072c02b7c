-- A report compares at most 8 benchmarks (MAX_BENCHMARKS in src/shared/validation/reports.ts: the
-- engine's differencing plan grows with the square of the benchmarks). Reports saved under the old
-- ceiling of 10,000 are brought within it, so every reader of benchmark_count sees a valid value.
UPDATE `reports` SET `benchmark_count` = 8 WHERE `benchmark_count` > 8;
