// The runner of a fuzz target when it is not built with libFuzzer (g++, the default build): it feeds the
// target every seed, then a bounded number of deterministic mutations of them (bit flips, byte changes,
// insertions, deletions, splices of two seeds), so the suite exercises each target on every run. With
// clang and -DADES_FUZZERS=ON the same target links against libFuzzer instead, for open-ended runs.
//
// Usage: FuzzX [--runs N] SEED_DIR_OR_FILE...   (exit 0: no crash, no sanitizer report)

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <cstdint>
#include <cstdio>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

void run(const QByteArray &input)
{
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()), size_t(input.size()));
}

QByteArray mutate(const std::vector<QByteArray> &seeds, QRandomGenerator &random)
{
    QByteArray out = seeds.at(random.bounded(int(seeds.size())));
    const int steps = 1 + random.bounded(4);
    for (int step = 0; step < steps; ++step) {
        const int at = out.isEmpty() ? 0 : random.bounded(int(out.size()));
        switch (random.bounded(6)) {
        case 0:
            if (!out.isEmpty())
                out[at] = char(out.at(at) ^ (1 << random.bounded(8)));
            break;
        case 1:
            if (!out.isEmpty())
                out[at] = char(random.bounded(256));
            break;
        case 2:
            out.insert(at, char(random.bounded(256)));
            break;
        case 3:
            if (!out.isEmpty())
                out.remove(at, 1 + random.bounded(qMin<int>(8, int(out.size()) - at)));
            break;
        case 4: { // a slice of another seed
            const QByteArray &other = seeds.at(random.bounded(int(seeds.size())));
            if (!other.isEmpty()) {
                const int from = random.bounded(int(other.size()));
                out.insert(at, other.mid(from, 1 + random.bounded(int(other.size()) - from)));
            }
            break;
        }
        default: // structural characters the parsers care about
            out.insert(at, "\",:{}[]/.%\\"[random.bounded(11)]);
            break;
        }
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    long runs = 20000;
    std::vector<QByteArray> seeds;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        if (arg == QLatin1String("--runs") && i + 1 < argc) {
            runs = std::atol(argv[++i]);
            continue;
        }
        const QFileInfo info(arg);
        const QStringList files = info.isDir()
            ? [&info] {
                  QStringList paths;
                  const QFileInfoList entries = QDir(info.filePath()).entryInfoList(QDir::Files, QDir::Name);
                  for (const QFileInfo &entry : entries)
                      paths.append(entry.filePath());
                  return paths;
              }()
            : QStringList { info.filePath() };
        for (const QString &path : files) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                seeds.push_back(file.readAll());
        }
    }
    seeds.push_back(QByteArray());
    for (const QByteArray &seed : seeds)
        run(seed);
    QRandomGenerator random(0xADE5); // deterministic: a failure is reproduced by the same command
    for (long i = 0; i < runs; ++i)
        run(mutate(seeds, random));
    std::printf("%zu seeds, %ld mutations: no crash\n", seeds.size(), runs);
    return 0;
}
