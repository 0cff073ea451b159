/**
 * The daily statement file ({@link io.payonce.platform.statement.StatementCsv}): one writer and one reader for
 * the same format, the writer refusing anything its reader would refuse. The format is documented on the class
 * and in {@code platform-simulator/README.md}.
 */
package io.payonce.platform.statement;
