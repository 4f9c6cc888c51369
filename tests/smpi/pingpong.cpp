// Two-rank MPI ping-pong: one-way time and bandwidth per message size, to
// check a simulated platform against the figures it was built from
// (pingpong_checks.py). Rank 0 prints "bytes one_way_us MB_per_s" lines.
#include <mpi.h>

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int sizes[] = {1, 8, 256, 4096, 65536, 1 << 20, 4 << 20};
  std::vector<char> buffer(4 << 20);
  for (int bytes : sizes) {
    const int repeats = 10;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (int k = 0; k < repeats; ++k) {
      if (rank == 0) {
        MPI_Send(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    const double one_way = (MPI_Wtime() - t0) / repeats / 2;
    if (rank == 0) std::printf("%d %.3f %.2f\n", bytes, one_way * 1e6, bytes / one_way / 1e6);
  }
  MPI_Finalize();
  return 0;
}
