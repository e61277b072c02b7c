// Weighting (issue 31, ARCHITECTURE §8.1): raking and post-stratification, pure.
export * from './types';
export { computeWeights, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE } from './rake';
export { weighCube, cachedCubeWeighting, type WeightingScheme, type CubeWeighting } from './cube-weights';
