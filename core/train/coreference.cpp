// The coreference task's grammar:
//   <bos> [fillers] SUBJECT [fillers] VERB OBJECT [fillers] that PRONOUN
// scored at the pronoun on the name it refers to. When exactly one name has the pronoun's
// gender, that name; when both do, the verb decides (a toy form of the "implicit causality" of
// verbs): promised, assured → the subject; told, asked, reminded, warned → the object.
#include "core/train/tasks.h"

#include <algorithm>

namespace attn::train::coreference {

namespace {

const char *const kNames[] = {"Xiaohong", "Mei", "Lili", "Anna", "Sara", "Fang", "Yan", "Lucy", // female
                              "Ming",     "Wei", "Tom",  "Jun",  "Lei",  "Hao",  "Bo",  "Sam"}; // male
const char *const kVerbs[] = {"promised", "assured", "told", "asked", "reminded", "warned"};
const char *const kFillers[] = {"yesterday", "quietly", "again", "today", "at",
                                "school",    "after",   "class", "early", "politely"};
constexpr int kNameCount = 16; // 0 … 7 female, 8 … 15 male
constexpr int kFemaleCount = 8;
constexpr int kSubjectVerbs = 2; // the first verbs point the pronoun at the subject
constexpr int kVerbCount = 6;
constexpr int kFillerCount = 10;

constexpr int kBos = 0;
constexpr int kPad = 1;
constexpr int kFirstName = 2;
constexpr int kFirstVerb = kFirstName + kNameCount;
constexpr int kThat = kFirstVerb + kVerbCount;
constexpr int kShe = kThat + 1;
constexpr int kHe = kShe + 1;
constexpr int kFirstFiller = kHe + 1;

bool female(int name)
{
    return name < kFemaleCount;
}

} // namespace

std::vector<std::string> vocabulary()
{
    std::vector<std::string> v{"<bos>", "<pad>"};
    v.insert(v.end(), std::begin(kNames), std::end(kNames));
    v.insert(v.end(), std::begin(kVerbs), std::end(kVerbs));
    v.insert(v.end(), {"that", "she", "he"});
    v.insert(v.end(), std::begin(kFillers), std::end(kFillers));
    return v;
}

int nameCount()
{
    return kNameCount;
}

bool heldOutPair(int a, int b)
{
    // 24 of the 120 unordered pairs, spread so that every name also appears in training pairs.
    const int lo = std::min(a, b);
    const int hi = std::max(a, b);
    return (lo * kNameCount + hi) % 5 == 2;
}

void generate(Split split, Rng &rng, Index seqLen, int *tokens, int *targets, std::uint8_t *mask)
{
    // Two different names: training never draws a held-out pair; held-out and probe sentences
    // draw only those. Half of the sentences pair names of the same gender.
    const bool sameGender = rng.below(2) == 0;
    int subject = 0, object = 0;
    do {
        subject = static_cast<int>(rng.below(kNameCount));
        object = static_cast<int>(rng.below(kNameCount));
    } while (subject == object || (female(subject) == female(object)) != sameGender ||
             heldOutPair(subject, object) != (split != Split::Train));
    const int verb = static_cast<int>(rng.below(kVerbCount));
    int referent = 0;
    if (sameGender) {
        referent = verb < kSubjectVerbs ? subject : object;
    } else {
        referent = rng.below(2) == 0 ? subject : object; // the pronoun picks one by gender
    }

    std::vector<int> s{kBos};
    const auto fillers = [&](int most) {
        const int count = rng.between(0, most);
        for (int i = 0; i < count; ++i) s.push_back(kFirstFiller + static_cast<int>(rng.below(kFillerCount)));
    };
    fillers(2);
    s.push_back(kFirstName + subject);
    fillers(2);
    s.push_back(kFirstVerb + verb);
    s.push_back(kFirstName + object);
    fillers(4);
    s.push_back(kThat);
    s.push_back(female(referent) ? kShe : kHe);
    // At most 1 + 2 + 1 + 2 + 2 + 4 + 2 = 14 tokens; the rest is padding, never scored.
    const auto n = static_cast<Index>(s.size());
    for (Index t = 0; t < seqLen; ++t) {
        tokens[t] = t < n ? s[static_cast<std::size_t>(t)] : kPad;
        targets[t] = kPad;
        mask[t] = 0;
    }
    targets[n - 1] = kFirstName + referent;
    mask[n - 1] = 1;
}

} // namespace attn::train::coreference
