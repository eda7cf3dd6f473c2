#include "FileField.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

// Without a maxLength in the schema: the service's own upload bound is of this order (32 MiB of base64).
constexpr qint64 DefaultMaxBase64 = 32 * 1024 * 1024;

} // namespace

FileField::FileField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_container(new QWidget(parent))
    , m_path(new QLineEdit(m_container))
    , m_choose(new QPushButton(tr("Choose file…"), m_container))
    , m_clear(new QPushButton(tr("Clear"), m_container))
{
    m_container->setObjectName(u"fieldRow_"_s + name);
    describe(m_path);
    m_path->setReadOnly(true);
    m_path->setPlaceholderText(tr("No file chosen (sent base64-encoded)"));
    m_choose->setObjectName(u"choose_"_s + name);
    m_choose->setAccessibleName(tr("Choose the file for %1").arg(name));
    m_clear->setObjectName(u"clear_"_s + name);
    m_clear->setAccessibleName(tr("Clear the file of %1").arg(name));
    QObject::connect(m_choose, &QPushButton::clicked, m_container, [this]() { choose(); });
    QObject::connect(m_clear, &QPushButton::clicked, m_container, [this]() {
        ++m_generation; // a file still being read is dropped
        m_reading = false;
        m_encoded.clear();
        m_path->clear();
    });
    auto *layout = new QHBoxLayout(m_container);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_path, 1);
    layout->addWidget(m_choose);
    layout->addWidget(m_clear);
}

qint64 FileField::maxFileBytes() const
{
    const qint64 maxBase64 = schema().value(u"maxLength"_s).toInteger(DefaultMaxBase64);
    return maxBase64 / 4 * 3;
}

void FileField::choose()
{
    const QString path = QFileDialog::getOpenFileName(m_container, tr("Choose the file for %1").arg(name()));
    if (!path.isEmpty())
        setFile(path);
}

namespace {

struct ReadOutcome
{
    QString encoded; // empty: failed, see problem
    QString problem;
    qint64 bytes = 0;
};

// Runs on a pool thread: a document of tens of megabytes takes long enough to read and encode that the
// GUI would stall.
ReadOutcome readEncoded(const QString &path, qint64 maxBytes)
{
    ReadOutcome outcome;
    const QString shown = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        outcome.problem = FileField::tr("%1 cannot be read: %2").arg(shown, file.errorString());
        return outcome;
    }
    // Read one byte past the limit: a file that grew since it was chosen is refused too.
    const QByteArray bytes = file.read(maxBytes + 1);
    if (bytes.size() > maxBytes) {
        outcome.problem
            = FileField::tr("%1 is too large (at most %2)").arg(shown, QLocale().formattedDataSize(maxBytes));
        return outcome;
    }
    outcome.encoded = QString::fromLatin1(bytes.toBase64());
    outcome.bytes = bytes.size();
    return outcome;
}

} // namespace

void FileField::setFile(const QString &path)
{
    m_encoded.clear();
    const quint64 generation = ++m_generation;
    const QString shown = QFileInfo(path).fileName();
    const qint64 size = QFileInfo(path).size();
    if (size > maxFileBytes()) {
        m_path->setText(
            tr("%1 is too large (%2; at most %3)")
                .arg(shown, QLocale().formattedDataSize(size), QLocale().formattedDataSize(maxFileBytes())));
        return;
    }
    m_reading = true;
    m_path->setText(tr("Reading %1…").arg(shown));
    const qint64 maxBytes = maxFileBytes();
    QPointer<QWidget> alive(m_container);
    QThreadPool::globalInstance()->start([this, alive, path, shown, maxBytes, generation]() {
        ReadOutcome outcome = readEncoded(path, maxBytes);
        // Back on the GUI thread through the application object, which outlives every form; the form may
        // be gone by then (alive is only read there, on its own thread).
        QMetaObject::invokeMethod(qApp, [this, alive, shown, generation, outcome = std::move(outcome)]() {
            if (!alive || generation != m_generation)
                return; // the form was closed, or another file was chosen meanwhile
            m_reading = false;
            m_encoded = outcome.encoded;
            m_path->setText(outcome.encoded.isEmpty()
                    ? outcome.problem
                    : tr("%1 (%2)").arg(shown, QLocale().formattedDataSize(outcome.bytes)));
        });
    });
}

std::optional<QJsonValue> FileField::value() const
{
    if (m_encoded.isEmpty())
        return std::nullopt;
    return QJsonValue(m_encoded);
}

void FileField::setValue(const QJsonValue &value)
{
    // Already encoded (a default or a test's value).
    if (!value.isString())
        return;
    ++m_generation;
    m_reading = false;
    m_encoded = value.toString();
    m_path->setText(tr("base64 text, %n character(s)", nullptr, int(m_encoded.size())));
}

} // namespace ades::ui
