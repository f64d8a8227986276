"""mjlog.batch: audits of many files, memory, hostile batches."""
