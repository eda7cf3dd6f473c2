#include "FileField.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>

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

bool FileField::setFile(const QString &path)
{
    m_encoded.clear();
    QFile file(path);
    const QString shown = QFileInfo(path).fileName();
    if (file.size() > maxFileBytes()) {
        m_path->setText(tr("%1 is too large (%2; at most %3)")
                            .arg(shown, QLocale().formattedDataSize(file.size()),
                                QLocale().formattedDataSize(maxFileBytes())));
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        m_path->setText(tr("%1 cannot be read: %2").arg(shown, file.errorString()));
        return false;
    }
    const QByteArray bytes = file.read(maxFileBytes() + 1);
    if (bytes.size() > maxFileBytes()) {
        m_path->setText(
            tr("%1 is too large (at most %2)").arg(shown, QLocale().formattedDataSize(maxFileBytes())));
        return false;
    }
    m_encoded = QString::fromLatin1(bytes.toBase64());
    m_path->setText(tr("%1 (%2)").arg(shown, QLocale().formattedDataSize(bytes.size())));
    return true;
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
    m_encoded = value.toString();
    m_path->setText(tr("base64 text, %n character(s)", nullptr, int(m_encoded.size())));
}

} // namespace ades::ui
