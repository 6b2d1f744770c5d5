package org.netbeans.spi.wizard;

/** Link-only stand-in (see Wizard.java). */
public abstract class WizardBranchController {
  public Wizard createWizard() {
    throw new UnsupportedOperationException("no wizard in the tests");
  }
}
