// Internal to the encoder–decoder: named pointers into its flat buffers, the activations of one
// example, and the forward and backward passes over one example. Not part of the public interface.
#pragma once

#include "core/train/gru.h"
#include "core/train/seq2seq.h"
#include "core/train/seq2seqattention.h"

#include <map>
#include <string>
#include <vector>

namespace attn::train {

/// Pointers to every parameter (or gradient) inside a flat buffer; null when the option is off.
template <typename T> struct Seq2SeqWeights {
    T *source_embed = nullptr;                    // (V, E)
    T *target_embed = nullptr;                    // (V, E)
    GruWeights<T> encoder, encoder_reverse;       // input E, state H
    T *bridge_w = nullptr, *bridge_b = nullptr;   // (K, K), (K)
    GruWeights<T> decoder;                        // input E + K (Bahdanau) or E, state K
    AttentionWeights<T> attention;                // see seq2seqattention.h
    T *combine_w = nullptr, *combine_b = nullptr; // (K, 2K), (K) Luong
    T *output_w = nullptr, *output_b = nullptr;   // (V, F), (V); F = 2K (Bahdanau) or K
};

template <typename T>
Seq2SeqWeights<T> bindSeq2SeqWeights(const Seq2SeqConfig &config, const std::map<std::string, Index> &offsets,
                                     T *base);

/// One decoder step's activations.
template <typename T> struct DecoderStep {
    int input = 0;  // token fed (y_{t−1}, or <bos>)
    GruStep<T> gru; // s_{t−1} → s_t
    AttentionStep<T> attention;
    ColVector<T> context;  // (K) c_t: the attention's, or m without attention
    ColVector<T> features; // (F) [s_t; c_t] (Bahdanau) or h̃_t (Luong)
    ColVector<T> logits;   // (V)
    ColVector<T> probs;    // (V) softmax of the logits
};

/// The activations of one example (reused from example to example) and the gradient buffers
/// of its backward pass.
template <typename T> struct ExampleWork {
    std::vector<GruStep<T>> forward, reverse; // (S) encoder steps left to right, right to left
    RowMatrixT<T> keys;                       // (S, K) encoder states h_j
    RowMatrixT<T> projected;                  // (S, K) U_a h_j or W_a h_j (attentionPrepare)
    ColVector<T> summary;                     // (K) m
    ColVector<T> s0;                          // (K) tanh(W_b m + b_b)
    std::vector<DecoderStep<T>> steps;        // (n)
    RowMatrixT<T> dkeys, dprojected;          // (S, K)
};

/// One chunk of a batch: examples first … first + count − 1 and their gradient buffer.
template <typename T> struct Seq2SeqChunk {
    Index first = 0;
    Index count = 0;
    ExampleWork<T> work;
    std::vector<T> grads;          // (parameterCount)
    Seq2SeqWeights<T> gradWeights; // named pointers into grads
    double loss = 0.0;             // Σ of the tokens' cross-entropies (unweighted)
    Index correct = 0;             // tokens whose argmax is the target
};

/// Forward over one example. Returns Σ_t −log p(target_t) and adds the tokens predicted right
/// to `correct`.
template <typename T>
double exampleForward(ExampleWork<T> &work, const Seq2SeqConfig &config, const Seq2SeqWeights<T> &w,
                      const Seq2SeqExample &example, Decoding decoding, Index &correct);
/// Backward over the example of the last exampleForward (teacher forcing): adds the gradient of
/// lossWeight · Σ_t −log p(target_t) into g.
template <typename T>
void exampleBackward(ExampleWork<T> &work, const Seq2SeqConfig &config, const Seq2SeqWeights<T> &w,
                     const Seq2SeqWeights<T> &g, const Seq2SeqExample &example, T lossWeight);
/// The trace of the last exampleForward.
template <typename T> Seq2SeqTrace traceOf(const ExampleWork<T> &work, const Seq2SeqConfig &config);

} // namespace attn::train
