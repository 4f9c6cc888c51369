// minicrash-gen PRESET [--scale S] [--size H] [--endtim T] [--cycles N] [--velocity V] [--no-rigid] [--no-contact]
//                     [--curve-points P]
//               -o deck.k
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

#include "inputs/generator/generator.hpp"
#include "io/deck/deck_writer.hpp"
#include "io/deck/input_error.hpp"

namespace {

void usage(std::ostream& out) {
  out << "usage: minicrash-gen PRESET [--scale S] [--size H] [--endtim T] [--cycles N] [--velocity V] [--no-rigid]\n"
         "                     [--no-contact] [--curve-points P] -o deck.k\n\n"
         "  --scale S      vehicle presets: element count as a fraction of the benchmark's (default 1)\n"
         "  --size H       element size in mm (default: the preset's, or the one --scale gives)\n"
         "  --endtim T     termination time in ms (default: the preset's)\n"
         "  --cycles N     also stop after N cycles (ENDCYC)\n"
         "  --velocity V   impact speed in mm/ms = m/s (default: the preset's)\n"
         "  --no-rigid     leave out the preset's MAT_RIGID parts\n"
         "  --no-contact   leave out the preset's contact interfaces\n"
         "  --curve-points P  each MAT_024's hardening as a P-point LCSS curve (*DEFINE_CURVE) on the same\n"
         "                 line, as real decks give their steels (default: SIGY and ETAN)\n"
         "  -o FILE        deck to write (required)\n\npresets:\n";
  for (const mc::PresetInfo& p : mc::generator_presets()) out << "  " << p.name << "  " << p.description << "\n";
}

double number(const std::string& flag, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (*end != '\0' || !(v > 0)) throw mc::InputError("minicrash-gen: " + flag + " needs a positive number");
  return v;
}

int whole_number(const std::string& flag, const char* text) {
  const double v = number(flag, text);
  if (v != std::floor(v) || v > 1e6) throw mc::InputError("minicrash-gen: " + flag + " needs a whole number");
  return static_cast<int>(v);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    mc::GeneratorOptions options;
    std::string output;
    for (int a = 1; a < argc; ++a) {
      const std::string arg = argv[a];
      if (arg == "-h" || arg == "--help") { usage(std::cout); return 0; }
      const bool has_value = a + 1 < argc;
      if (arg == "-o" && has_value) output = argv[++a];
      else if (arg == "--size" && has_value) options.element_size = number(arg, argv[++a]);
      else if (arg == "--endtim" && has_value) options.end_time = number(arg, argv[++a]);
      else if (arg == "--scale" && has_value) options.scale = number(arg, argv[++a]);
      else if (arg == "--cycles" && has_value) options.end_cycle = static_cast<std::int64_t>(number(arg, argv[++a]));
      else if (arg == "--velocity" && has_value) options.velocity = number(arg, argv[++a]);
      else if (arg == "--no-rigid") options.rigid_parts = false;
      else if (arg == "--no-contact") options.contact = false;
      else if (arg == "--curve-points" && has_value) options.curve_points = whole_number(arg, argv[++a]);
      else if (arg[0] != '-' && options.preset.empty()) options.preset = arg;
      else throw mc::InputError("minicrash-gen: cannot read '" + arg + "' (see --help)");
    }
    if (options.preset.empty() || output.empty()) { usage(std::cerr); return mc::kExitInput; }
    const auto t0 = std::chrono::steady_clock::now();
    const mc::Model model = mc::generate_model(options);
    const auto t1 = std::chrono::steady_clock::now();
    mc::write_deck_file(model, output);
    const std::chrono::duration<double> generate = t1 - t0, write = std::chrono::steady_clock::now() - t1;
    std::cout << "minicrash-gen: wrote " << output << " (" << model.shells.size() << " shells, " << model.nodes.size()
              << " nodes, " << model.parts.size() << " parts; generated in " << generate.count() << " s, written in "
              << write.count() << " s)\n";
    return 0;
  } catch (const mc::InputError& e) {
    std::cerr << "minicrash-gen: error: " << e.what() << "\n";
    return mc::kExitInput;
  }
}
