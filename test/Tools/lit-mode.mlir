// The suites test what they are pointed at: the build tree under
// `ninja check-tlxamd` (build/bin/tlx-opt, build/python_packages), the
// installed package under `lit test`.
// RUN: %PYTHON -c "import shutil, tlxamd; print(tlxamd.__file__); print(shutil.which('tlx-opt'))" | FileCheck %s --check-prefix=%if build-tree %{BUILD%} %else %{INSTALLED%}

// BUILD: python_packages/tlxamd/__init__.py
// BUILD-NEXT: /bin/tlx-opt
// INSTALLED: site-packages/tlxamd/__init__.py
// INSTALLED-NEXT: /bin/tlx-opt
// INSTALLED-NOT: python_packages
