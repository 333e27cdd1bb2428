// What each fuzz target does with one input, shared by the libFuzzer executables (fuzz_*.cpp)
// and the corpus replay test (tst_fuzzcorpus.cpp), so that every saved input is re-run by CTest.
#pragma once

#include <cstddef>
#include <cstdint>

namespace attn::fuzz {

/// The scenario reader, and the engine on what it accepts (small sizes only). Bad input must
/// end in attn::ScenarioError; any other exception escapes to the caller (a finding).
void scenarioBytes(const std::uint8_t *data, std::size_t size);

/// The lesson reader (parseLesson). It reports problems; it must never throw.
void lessonBytes(const std::uint8_t *data, std::size_t size);

/// The workspace reader (ui::workspaceFromBytes, with the window's view names). Bad input must
/// end in ui::WorkspaceError; any other exception escapes to the caller (a finding).
void workspaceBytes(const std::uint8_t *data, std::size_t size);

/// The tensor-file readers (io::readTensorBytes: .npy, .npz, .safetensors, chosen by the first
/// bytes), with limits lowered to keep each run small. Bad input must end in io::TensorFileError;
/// any other exception escapes to the caller (a finding).
/// Accepted files also go through the tensor-name conventions (io::scenariosFromTensorFile), whose
/// refusals are io::TensorFileError too.
void tensorBytes(const std::uint8_t *data, std::size_t size);

/// One reader each, whatever the first bytes: the input as a .npy file ("\x93NUMPY" put in front
/// when it does not start so), as an .npz archive ("PK\x03\x04" in front likewise), or as a
/// .safetensors file (an input without '{' at byte 8 is read as header JSON, a NUL byte, then the
/// data, and given its 8-byte header length), so that every run reaches that reader's own checks.
void npyBytes(const std::uint8_t *data, std::size_t size);
void npzBytes(const std::uint8_t *data, std::size_t size);
void safetensorsBytes(const std::uint8_t *data, std::size_t size);

} // namespace attn::fuzz
