#define X(a) a
__global__ void k(int* p) { p[blockIdx.x * 4 = "oops;
/* open comment