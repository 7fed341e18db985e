import Testing

// Replaced by the pipeline's tests.
