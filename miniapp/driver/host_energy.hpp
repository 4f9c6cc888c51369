// Energy of the time loop on a simulated cluster: SimGrid's host energy
// plugin (an SMPI build run with --cfg=plugin:host_energy) integrates each
// host's power over simulated time. A whole job of a few hundred cycles is
// mostly its serial start-up (rank 0 reads and partitions while the other
// nodes idle), so the report gives the loop's share apart.
#pragma once

#include "decomposition/parallel/communicator.hpp"

namespace mc {

// Joules this rank's host has consumed so far; -1 where nothing measures it
// (the MPI build, or the plugin off). Local: no MPI call.
double host_energy_now();

// Collective: the energy used between two host_energy_now() readings by the
// hosts of the job, each host counted once (through its lowest rank), on
// rank 0; -1 when not measured.
double job_energy_between(double before, double after, Communicator& comm);

}  // namespace mc
